import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { problemDetail } from '../../lib/language.ts';

/**
 * What to tell the user about a failed sign-in or sign-up (spec section 8): the server's own
 * Arabic text when it sent one, else an Arabic reading of what went wrong, else the form's
 * fallback. The server's English `detail` is for integrators and is never shown (STYLE.md, 3).
 */
export function authErrorText(error: unknown, fallback: string, t: TFunction<'orgAuth'>) {
  if (error instanceof ApiError) {
    const serverText = problemDetail(error.problem);
    if (serverText) return serverText;
    if (error.status === 429) return t('errors.tooManyRequests');
    if (error.status >= 500) return t('errors.server');
    return fallback;
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return t('errors.network');
  return fallback;
}
