import type { NotificationPreferenceList } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type { NotificationPreference } from '@tanqin/shared';

export const getNotificationPreferences = (signal?: AbortSignal) =>
  apiRequest<NotificationPreferenceList>('/api/v1/security/notifications', { signal }).then(
    (body) => body.notification_preferences,
  );

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
