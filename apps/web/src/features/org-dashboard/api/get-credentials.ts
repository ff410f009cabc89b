import type { ClientCredentials } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/v1/organizations/{id}/credentials (owners and admins only). The secret is asked for
 * only while it is shown and is dropped from the cache as soon as it is hidden again.
 */
export const useCredentials = (organizationId: string) =>
  useQuery({
    queryKey: ['organizations', organizationId, 'credentials'],
    queryFn: ({ signal }) =>
      apiRequest<ClientCredentials>(
        `/api/v1/organizations/${encodeURIComponent(organizationId)}/credentials`,
        { signal },
      ),
    staleTime: 0,
    gcTime: 0,
    // A 403 (role not allowed) will not change by asking again.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status === 403) && failureCount < 1,
  });
