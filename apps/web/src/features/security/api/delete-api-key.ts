import type { SuccessOnly } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const deleteApiKey = (id: string) =>
  apiRequest<SuccessOnly>(`/api/v1/security/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** DELETE /api/v1/security/api-keys/{id}; trusted IPs tied to the key change with it. */
export function useDeleteApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.trustedIps(organizationId) }),
      ]),
  });
}
