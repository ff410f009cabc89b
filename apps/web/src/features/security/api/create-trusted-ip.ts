import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TrustedIp } from './get-trusted-ips.ts';
import { securityKeys } from './query-keys.ts';

export interface CreateTrustedIpBody {
  ip_address: string;
  ip_range: string | null;
  description: string;
  api_key_id: string | null;
}

export const createTrustedIp = (body: CreateTrustedIpBody) =>
  apiRequest<{ success: boolean; trusted_ip: TrustedIp }>('/api/v1/security/trusted-ips', {
    method: 'POST',
    body,
  });

/** POST /api/v1/security/trusted-ips; refreshes the list and the statistics. */
export function useCreateTrustedIp(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrustedIp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.trustedIps(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}
