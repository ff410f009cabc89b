import type { Me } from '@tanqin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** One call and cache entry for every screen, so moving between them costs nothing. */
export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => apiRequest<Me>('/api/v1/auth/me', { signal }),
});

/** GET /api/v1/auth/me: the signed-in user and their organisation (null if none) with their role. */
export const useMe = () => useQuery(meQuery);
