import type { CreateTrustedIpInput, TrustedIpCreated } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const createTrustedIp = (body: CreateTrustedIpInput) =>
  apiRequest<TrustedIpCreated>('/api/v1/security/trusted-ips', {
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
