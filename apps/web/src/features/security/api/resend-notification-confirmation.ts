import type { NotificationPreferenceUpdated } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const resendNotificationConfirmation = (preferenceId: string) =>
  apiRequest<NotificationPreferenceUpdated>(
    `/api/v1/security/notifications/${encodeURIComponent(preferenceId)}/confirmation`,
    { method: 'POST' },
  );

/** POST /api/v1/security/notifications/{id}/confirmation: a new link to the address's owner. */
export function useResendNotificationConfirmation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendNotificationConfirmation,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: securityKeys.notifications(organizationId) }),
  });
}
