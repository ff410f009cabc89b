import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The text of a failed wallet load (spec section 8): the server's Arabic explanation when it
 * gives one, else the spec's fallback. Raw server English is never shown.
 */
export function loadErrorMessage(error: unknown, t: TFunction<'wallet'>): string {
  if (error instanceof ApiError) {
    if (error.problem?.detail_ar) return error.problem.detail_ar;
    // The spec's "No organization found": an account outside any organisation gets 403 or 404.
    if (error.status === 403 || error.status === 404) return t('errors.noOrganization');
  }
  return t('errors.fallback');
}
