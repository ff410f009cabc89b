import { ApiError } from '../../lib/api-client.ts';

export type LoadErrorKey = 'membershipNotFound' | 'organizationNotFound' | 'fetchFailed';

/** Which of the spec's three dashboard errors (section 8) an API failure is. */
export function describeLoadError(error: unknown): LoadErrorKey {
  if (error instanceof ApiError) {
    // The organisation routes answer 403 to an account that belongs to no organisation.
    if (error.status === 403) return 'membershipNotFound';
    if (error.status === 404) return 'organizationNotFound';
  }
  return 'fetchFailed';
}
