import type {
  CreateNotificationPreferenceInput,
  NotificationPreferenceCreated,
} from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const createNotificationPreference = (body: CreateNotificationPreferenceInput) =>
  apiRequest<NotificationPreferenceCreated>('/api/v1/security/notifications', {
    method: 'POST',
    body,
  });

/** POST /api/v1/security/notifications; refreshes the list. */
export function useCreateNotificationPreference(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotificationPreference,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: securityKeys.notifications(organizationId) }),
  });
}
