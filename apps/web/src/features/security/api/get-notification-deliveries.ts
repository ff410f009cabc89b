import type { EventType } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface NotificationDelivery {
  id: string;
  preference_id: string;
  event_id: string;
  event_type: EventType;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  response_status: number | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  /** The delivery this one sends again, when it is a replay. */
  replay_of: string | null;
}

export interface NotificationDeliveriesPage {
  deliveries: NotificationDelivery[];
  total: number;
  page: number;
  page_size: number;
}

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
