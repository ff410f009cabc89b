import type { DeliveryReplayed } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const replayNotificationDelivery = (id: string) =>
  apiRequest<DeliveryReplayed>(
    `/api/v1/security/notifications/deliveries/${encodeURIComponent(id)}/replay`,
    { method: 'POST' },
  );

/**
 * POST /api/v1/security/notifications/deliveries/{id}/replay: a new pending delivery of the same
 * message; 409 delivery_pending while the original is still pending. The log is asked again
 * either way, since a refusal means the list on screen is out of date.
 */
export function useReplayNotificationDelivery(organizationId: string, preferenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayNotificationDelivery,
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: securityKeys.notificationDeliveries(organizationId, preferenceId),
      }),
  });
}
