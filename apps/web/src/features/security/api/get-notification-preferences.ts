import type { EventType } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export interface NotificationPreference {
  id: string;
  notification_type: 'email' | 'webhook';
  event_types: EventType[];
  destination: string;
  is_active: boolean;
  created_at: string;
}

export const getNotificationPreferences = (signal?: AbortSignal) =>
  apiRequest<{ notification_preferences: NotificationPreference[] }>(
    '/api/v1/security/notifications',
    { signal },
  ).then((body) => body.notification_preferences);

/** A server without the notifications API answers its path with 404 route_not_found. */
export const isNotificationsApiMissing = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.code === 'route_not_found';

/** GET /api/v1/security/notifications. */
export const useNotificationPreferences = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.notifications(organizationId),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    retry: (failureCount, error) => !isNotificationsApiMissing(error) && failureCount < 1,
  });
