import type { FieldError, ProblemDetails, Refreshed } from '@tanqin/shared';
import { holdSessionLoss, isSessionHeld, sessionWorks, whenSessionBack } from './open-dialogs.ts';
import { clearToken, getToken, noteSessionEnded, type Side, setToken } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem?: ProblemDetails;
  /** Seconds from a 429's Retry-After header, when it had one. */
  readonly retryAfter?: number;

  constructor(
    status: number,
    code: string,
    message: string,
    problem?: ProblemDetails,
    retryAfter?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
  get fieldErrors(): FieldError[] {
    return this.problem?.errors ?? [];
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Which stored token to send; defaults to the organisation's. */
  side?: Side;
  signal?: AbortSignal;
  /**
   * A lost session (401, and the refresh refused) forgets the token and leaves the page as it is,
   * instead of sending the user to sign in: for calls a page makes on the side, not for its own.
   */
  staysOnSessionLoss?: boolean;
}

// Login and refresh are never retried (spec section 7); nor are the other calls made without a
// session, whose 401 is an answer about what was typed (a wrong two-step code), not a lost session.
const NO_RETRY_PATHS = [
  '/api/v1/auth/login',
  '/api/v1/auth/refresh',
  '/api/v1/auth/verify-2fa',
  '/api/v1/auth/register',
  '/api/v1/auth/register/individual',
  '/api/v1/auth/forgot-password',
  '/api/v1/auth/reset-password',
  '/api/v1/auth/reset-password/check',
  '/api/v1/auth/logout',
];

// One refresh in flight per side: the answer's token is stored for the side that asked.
const refreshing = new Map<Side, Promise<string | null>>();

/** One refresh at a time, however many calls got a 401 together (the upload's XHR uses it too). */
export function refreshAccessToken(side: Side): Promise<string | null> {
  let pending = refreshing.get(side);
  if (!pending) {
    pending = fetch(sessionPath('/api/v1/auth/refresh', side), {
      method: 'POST',
      credentials: 'include',
    })
      .then(async (response) => {
        if (!response.ok) return null;
        const body = (await response.json()) as Refreshed;
        const token = body.token || null;
        if (token) setToken(side, token);
        return token;
      })
      .catch(() => null)
      .finally(() => {
        refreshing.delete(side);
      });
    refreshing.set(side, pending);
  }
  return pending;
}

/** Each side has its own refresh cookie: refresh and logout say which (`?kind=individual`). */
export const sessionPath = (path: '/api/v1/auth/refresh' | '/api/v1/auth/logout', side: Side) =>
  side === 'individual' ? `${path}?kind=individual` : path;

/** Where a user goes when the session is gone, back to where they were afterwards. */
export function sessionLostPath(side: Side, currentPath: string) {
  const redirect = encodeURIComponent(currentPath);
  return side === 'org'
    ? `/org-auth?tab=login&redirect=${redirect}`
    : `/login?redirect=${redirect}`;
}

let navigateOnSessionLost = (path: string) => window.location.assign(path);
/** Tests and the router replace the full-page navigation. */
export function setSessionLostNavigator(navigate: (path: string) => void) {
  navigateOnSessionLost = navigate;
}

/**
 * Forgets the side's token and sends the user to sign in, back to this page afterwards, saying
 * why. While a dialog is open the user stays in it, told what happened (lib/open-dialogs.ts).
 */
export function endSession(side: Side) {
  clearToken(side);
  if (holdSessionLoss(side, goToSignIn)) return;
  goToSignIn(side);
}

function goToSignIn(side: Side) {
  noteSessionEnded();
  navigateOnSessionLost(sessionLostPath(side, window.location.pathname + window.location.search));
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  let problem: ProblemDetails | undefined;
  try {
    problem = (await response.json()) as ProblemDetails;
  } catch {
    problem = undefined;
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    problem?.code ?? 'http_error',
    problem?.detail ?? response.statusText ?? 'Request failed',
    problem,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/**
 * The one API client of the web app: sends the bearer token and credentials; on a 401 it
 * refreshes once and retries the call; if that fails the user goes to sign in again.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const side = options.side ?? 'org';
  const isRead = (options.method ?? (options.body === undefined ? 'GET' : 'POST')) === 'GET';
  if (isRead && isSessionHeld()) await whenSessionBack();
  let response = await send(path, options, getToken(side));
  if (response.status === 401 && !NO_RETRY_PATHS.includes(path.split('?')[0]!)) {
    const token = await refreshAccessToken(side);
    if (token) response = await send(path, options, token);
    if (!token || response.status === 401) {
      if (options.staysOnSessionLoss) clearToken(side);
      else endSession(side);
      // A read waits while a dialog holds the lost session (lib/open-dialogs.ts), then retries.
      if (isRead && isSessionHeld()) return apiRequest(path, options);
      throw await toApiError(response);
    }
  }
  if (!response.ok) throw await toApiError(response);
  sessionWorks();
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? response.json() : response.text()) as Promise<T>;
}
