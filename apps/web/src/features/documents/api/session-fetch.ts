import type { ProblemDetails } from '@tanqin/shared';
import { ApiError, endSession, refreshAccessToken } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';

/** A finished request, whatever carried it (fetch for files, XHR for uploads). */
export interface RawAnswer {
  status: number;
  text: () => Promise<string>;
}

/**
 * Sends with the personal bearer; on a 401 refreshes once (the api-client's shared refresh) and
 * sends again; if that fails the session ends and the person signs in again, as apiRequest does.
 */
export async function withPersonalSession<T extends RawAnswer>(
  send: (token: string | null) => Promise<T>,
): Promise<T> {
  let answer = await send(getToken('individual'));
  if (answer.status !== 401) return answer;
  const token = await refreshAccessToken('individual');
  if (token) answer = await send(token);
  if (!token || answer.status === 401) {
    endSession('individual');
    throw await toApiError(answer);
  }
  return answer;
}

export async function toApiError(answer: RawAnswer): Promise<ApiError> {
  let problem: ProblemDetails | undefined;
  try {
    problem = JSON.parse(await answer.text()) as ProblemDetails;
  } catch {
    problem = undefined;
  }
  return new ApiError(
    answer.status,
    problem?.code ?? 'http_error',
    problem?.detail ?? 'Request failed',
    problem,
  );
}
