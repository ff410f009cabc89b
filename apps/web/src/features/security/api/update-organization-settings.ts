import type {
  OrganizationSecuritySettings,
  OrganizationSecuritySettingsSaved,
} from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type SettingsChange = { require_ip_whitelist: boolean } | { geo_blocking_enabled: boolean };

export const updateOrganizationSettings = (body: SettingsChange) =>
  apiRequest<OrganizationSecuritySettingsSaved>('/api/v1/security/organization-settings', {
    method: 'PATCH',
    body,
  });

/** PATCH /api/v1/security/organization-settings: one switch at a time, optimistic. */
export function useUpdateOrganizationSettings(organizationId: string) {
  const queryClient = useQueryClient();
  const settingsKey = securityKeys.settings(organizationId);
  return useMutation({
    mutationFn: updateOrganizationSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const previous = queryClient.getQueryData<OrganizationSecuritySettings>(settingsKey);
      if (previous) queryClient.setQueryData(settingsKey, { ...previous, ...change });
      return { previous };
    },
    onSuccess: ({ require_ip_whitelist, geo_blocking_enabled }) => {
      queryClient.setQueryData(settingsKey, { require_ip_whitelist, geo_blocking_enabled });
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
    },
  });
}
