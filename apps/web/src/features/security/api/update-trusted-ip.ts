import type { Toggled, ToggleInput, TrustedIp } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const updateTrustedIp = ({ id, is_active }: { id: string } & ToggleInput) =>
  apiRequest<Toggled>(`/api/v1/security/trusted-ips/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { is_active },
  });

/** PATCH /api/v1/security/trusted-ips/{id}: optimistic, rolled back when refused. */
export function useUpdateTrustedIp(organizationId: string) {
  const queryClient = useQueryClient();
  const listKey = securityKeys.trustedIps(organizationId);
  return useMutation({
    mutationFn: updateTrustedIp,
    onMutate: async ({ id, is_active }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<TrustedIp[]>(listKey);
      queryClient.setQueryData<TrustedIp[]>(listKey, (ips) =>
        ips?.map((ip) => (ip.id === id ? { ...ip, is_active } : ip)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}
