import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { problemDetail } from '../../lib/language.ts';

/**
 * The text of a failed wallet load (spec section 8): the server's Arabic explanation when it
 * gives one, else the spec's fallback. Raw server English is never shown.
 */
export function loadErrorMessage(error: unknown, t: TFunction<'wallet'>): string {
  if (error instanceof ApiError) {
    const serverText = problemDetail(error.problem);
    if (serverText) return serverText;
    // The spec's "No organization found": an account outside any organisation gets 403 or 404.
    if (error.status === 403 || error.status === 404) return t('errors.noOrganization');
  }
  return t('errors.fallback');
}
