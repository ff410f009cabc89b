import type { NotificationTestResult } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const testNotificationChannel = (preferenceId: string) =>
  apiRequest<NotificationTestResult>(
    `/api/v1/security/notifications/${encodeURIComponent(preferenceId)}/test`,
    { method: 'POST' },
  );

/** POST /api/v1/security/notifications/{id}/test: a test message now, and how it went. */
export function useTestNotificationChannel(organizationId: string, preferenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testNotificationChannel(preferenceId),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: securityKeys.notificationDeliveries(organizationId, preferenceId),
      }),
  });
}
