import type { QueryClient } from '@tanstack/react-query';
import { identityQuery } from '../features/identity/api.ts';
import { myCodesQuery, NO_FILTERS } from '../features/personal-dashboard/api/my-codes.ts';
import { hasIndividualToken } from '../lib/session.ts';

/**
 * A signed-in person's dashboard asks the API for the identity's status, then (once proven) the
 * codes, which are its largest paint. Asked here, as the app starts, they travel while the
 * screen's code loads and runs instead of after it; the screen finds them in the cache (the same
 * keys and requests as its own queries).
 */
export function startEarlyQueries(queryClient: QueryClient) {
  if (window.location.pathname !== '/dashboard' || !hasIndividualToken()) return;
  void queryClient
    .fetchQuery(identityQuery)
    .then((identity) => {
      if (identity.proven) return queryClient.prefetchInfiniteQuery(myCodesQuery(NO_FILTERS));
    })
    // The screen asks again and shows what went wrong (an ended session signs out there).
    .catch(() => undefined);
}
