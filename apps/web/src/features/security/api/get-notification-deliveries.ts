import type { NotificationDeliveriesPage } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type {
  DeliveryStatus,
  NotificationDeliveriesPage,
  NotificationDelivery,
} from '@tanqin/shared';

export const getNotificationDeliveries = (preferenceId: string, signal?: AbortSignal) =>
  apiRequest<NotificationDeliveriesPage>(
    `/api/v1/security/notifications/${encodeURIComponent(preferenceId)}/deliveries`,
    { signal },
  );

/** GET /api/v1/security/notifications/{id}/deliveries: the newest deliveries first. */
export const useNotificationDeliveries = (
  organizationId: string,
  preferenceId: string,
  enabled = true,
) =>
  useQuery({
    queryKey: securityKeys.notificationDeliveries(organizationId, preferenceId),
    queryFn: ({ signal }) => getNotificationDeliveries(preferenceId, signal),
    enabled,
  });
