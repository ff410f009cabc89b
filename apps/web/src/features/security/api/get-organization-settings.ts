import type { OrganizationSecuritySettings } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type { OrganizationSecuritySettings } from '@tanqin/shared';

export const getOrganizationSettings = (signal?: AbortSignal) =>
  apiRequest<OrganizationSecuritySettings>('/api/v1/security/organization-settings', { signal });

export const useOrganizationSettings = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.settings(organizationId),
    queryFn: ({ signal }) => getOrganizationSettings(signal),
  });
