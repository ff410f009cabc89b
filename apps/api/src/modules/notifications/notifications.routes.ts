import type { AppContext } from '../../app-context.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { notificationAccess } from './notification-access.ts';
import { notificationDeliveryRoutes } from './notification-deliveries.routes.ts';
import { notificationPreferenceRoutes } from './notification-preferences.routes.ts';

/**
 * Notification preferences of the security center and their delivery log, one file per resource:
 * the channels, then what they sent.
 */
export async function notificationRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const access = notificationAccess(ctx);
  notificationPreferenceRoutes(app, ctx, access);
  notificationDeliveryRoutes(app, ctx, access);
}
