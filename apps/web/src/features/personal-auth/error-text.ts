import { ApiError } from '../../lib/api-client.ts';

/** The keys a namespace needs for `personalErrorText` (personalAuth and profile have them). */
type ErrorKey = 'errors.tooManyRequests' | 'errors.server' | 'errors.network';

/**
 * The text of a failed personal call: the server's Arabic `detail_ar` (or its `detail` when the
 * page is English), else a reading of the status (in the caller's namespace), else the form's
 * fallback.
 */
export function personalErrorText(
  error: unknown,
  fallback: string,
  t: (key: ErrorKey) => string,
  language = 'ar',
) {
  if (error instanceof ApiError) {
    const problem = error.problem as { detail_ar?: string; detailAr?: string } | undefined;
    const arabic = (problem?.detail_ar ?? problem?.detailAr)?.trim();
    if (language !== 'en' && arabic) return arabic;
    if (language === 'en' && error.problem?.detail) return error.problem.detail;
    if (error.status === 429) return t('errors.tooManyRequests');
    if (error.status >= 500) return t('errors.server');
    return fallback;
  }
  if (error instanceof TypeError) return t('errors.network');
  return fallback;
}

/** Seconds to wait before trying again, from the Retry-After header of a 429. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return error.retryAfter ? Math.ceil(error.retryAfter) : undefined;
}
