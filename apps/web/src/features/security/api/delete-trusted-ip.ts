import type { SuccessOnly } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const deleteTrustedIp = (id: string) =>
  apiRequest<SuccessOnly>(`/api/v1/security/trusted-ips/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** DELETE /api/v1/security/trusted-ips/{id}. */
export function useDeleteTrustedIp(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrustedIp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.trustedIps(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}
