import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface DocumentationOrganization {
  id: string;
  name: string;
  client_id: string;
}

interface MeResponse {
  success: boolean;
  /** null when the signed-in account belongs to no organisation. */
  organization: DocumentationOrganization | null;
}

/** The same call and cache entry as the dashboard's, so moving between them costs nothing. */
const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => apiRequest<MeResponse>('/api/v1/auth/me', { signal }),
});

/** GET /api/v1/auth/me: the signed-in user's organisation, whose client id the guides use. */
export const useMe = () => useQuery(meQuery);
