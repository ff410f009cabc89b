import { TanqinApiError, TanqinNetworkError } from './errors.ts';
import type { Problem } from './types.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What the HTTP layer needs from the environment; all of it injectable for tests. */
export interface Transport {
  baseUrl: string;
  fetch: FetchLike;
  timeoutMs: number;
  /** Milliseconds since the epoch. */
  now: () => number;
}

/** Supplies the Authorization header; `invalidate` says whether fetching a new one may help. */
export interface Authenticator {
  authorization(): Promise<string>;
  invalidate(authorization: string): boolean;
}

export interface RetryPolicy {
  maxRetries: number;
  /** Longest Retry-After (seconds) the SDK waits out; a longer one is thrown at once. */
  maxRetryAfter: number;
  sleep: (ms: number) => Promise<void>;
}

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /**
   * Safe to send twice (status, revoke). Only these are retried after a network failure or a
   * 502/503/504; every call is retried on 429, which by the contract consumed nothing.
   */
  isIdempotent: boolean;
}

const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/** Sends one request; a failure to get any answer becomes a TanqinNetworkError. */
export async function send(
  transport: Transport,
  path: string,
  init: RequestInit,
): Promise<{ response: Response; text: string }> {
  const url = transport.baseUrl + path;
  try {
    const response = await transport.fetch(url, {
      ...init,
      signal: AbortSignal.timeout(transport.timeoutMs),
    });
    return { response, text: await response.text() };
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError';
    const reason = isTimeout
      ? `no answer within ${transport.timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    throw new TanqinNetworkError(`${init.method ?? 'GET'} ${url} failed: ${reason}`, {
      cause: error,
      isTimeout,
    });
  }
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After is delta-seconds (what Tanqin sends) or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function isProblem(body: unknown): body is Problem {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Problem).code === 'string' &&
    typeof (body as Problem).status === 'number'
  );
}

/** Turns any non-2xx answer into a TanqinApiError, problem+json or not (a proxy's HTML page). */
export function toApiError(response: Response, text: string, nowMs: number): TanqinApiError {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), nowMs);
  const body = parseJson(text);
  if (isProblem(body)) return TanqinApiError.fromProblem(body, response.headers, retryAfter);
  return new TanqinApiError({
    status: response.status,
    code: 'unexpected_response',
    title: response.statusText || `HTTP ${response.status}`,
    detail: `The server answered ${response.status} without a problem+json body: ${text.slice(0, 200)}`,
    headers: response.headers,
    retryAfter,
  });
}

/** Exponential backoff when the server gave no Retry-After: 0.5 s, 1 s, 2 s ... up to 8 s. */
const backoffSeconds = (retry: number) => Math.min(8, 0.5 * 2 ** retry);

/**
 * Calls the API with authentication and the retry rules:
 * - 429: wait Retry-After (or a backoff) and retry, for every call, up to `maxRetries`;
 * - 401 `invalid_token` (or `invalid_api_key`) with a cached OAuth token: fetch a new token and retry once
 *   (a refused credential reached no handler, so nothing was consumed);
 * - network failure or 502/503/504: retry idempotent calls only;
 * - anything else: throw at once.
 */
export async function callApi<T>(
  transport: Transport,
  auth: Authenticator,
  retry: RetryPolicy,
  clientId: string,
  request: ApiRequest,
): Promise<T> {
  let retries = 0;
  let hasRefreshedAuth = false;
  const headers: Record<string, string> = {
    accept: 'application/json, application/problem+json',
    'x-client-id': clientId,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);

  for (;;) {
    const authorization = await auth.authorization();
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send(transport, request.path, {
        method: request.method,
        headers: { ...headers, authorization },
        body,
      });
    } catch (error) {
      if (!(request.isIdempotent && retries < retry.maxRetries)) throw error;
      await retry.sleep(backoffSeconds(retries++) * 1000);
      continue;
    }
    const { response, text } = answer;
    if (response.ok) {
      const parsed = parseJson(text);
      if (parsed === undefined) throw toApiError(response, text, transport.now());
      return parsed as T;
    }
    const error = toApiError(response, text, transport.now());
    if (
      response.status === 401 &&
      (error.code === 'invalid_token' || error.code === 'invalid_api_key') &&
      !hasRefreshedAuth &&
      auth.invalidate(authorization)
    ) {
      hasRefreshedAuth = true;
      continue;
    }
    const isRetryable =
      response.status === 429 || (request.isIdempotent && TRANSIENT_STATUSES.has(response.status));
    if (isRetryable && retries < retry.maxRetries) {
      const waitSeconds = error.retryAfter ?? backoffSeconds(retries);
      if (waitSeconds > retry.maxRetryAfter) throw error;
      retries++;
      await retry.sleep(waitSeconds * 1000);
      continue;
    }
    throw error;
  }
}
