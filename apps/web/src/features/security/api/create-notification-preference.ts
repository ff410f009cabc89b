import type { EventType } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { NotificationPreference } from './get-notification-preferences.ts';
import { securityKeys } from './query-keys.ts';

export interface CreateNotificationPreferenceBody {
  notification_type: 'email' | 'webhook';
  event_types: EventType[];
  destination: string;
}

/** A webhook's answer carries its signing secret, this once. */
export interface CreatedNotificationPreference {
  success: boolean;
  notification_preference: NotificationPreference;
  signing_secret?: string;
}

export const createNotificationPreference = (body: CreateNotificationPreferenceBody) =>
  apiRequest<CreatedNotificationPreference>('/api/v1/security/notifications', {
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
