import type { SuccessOnly } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const deleteNotificationPreference = (id: string) =>
  apiRequest<SuccessOnly>(`/api/v1/security/notifications/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** DELETE /api/v1/security/notifications/{id} (its delivery log goes with it). */
export function useDeleteNotificationPreference(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationPreference,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: securityKeys.notifications(organizationId) }),
  });
}
