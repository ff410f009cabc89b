import type { OrganizationDetails, OrganizationProfile } from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationPath, settingsKeys } from './query-keys.ts';

/** GET /api/v1/organizations/:id: the profile, its settings and the caller's role. */
export const useOrganization = (organizationId: string) =>
  useQuery({
    queryKey: settingsKeys.organization(organizationId),
    queryFn: ({ signal }) =>
      apiRequest<OrganizationDetails>(organizationPath(organizationId), { signal }),
  });

/**
 * PATCH /api/v1/organizations/:id with the profile's fields. The answer replaces the cached
 * organisation, and the signed-in user's organisation (the header shows its name) is read again.
 */
export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationProfile) =>
      apiRequest<OrganizationDetails>(organizationPath(organizationId), { method: 'PATCH', body }),
    onSuccess: (organization) => {
      queryClient.setQueryData(settingsKeys.organization(organizationId), organization);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
