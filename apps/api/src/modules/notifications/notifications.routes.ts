import type { AppContext } from '../../app-context.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { destinationConfirmationRoutes } from './destination-confirmation.routes.ts';
import { notificationAccess } from './notification-access.ts';
import { notificationDeliveryRoutes } from './notification-deliveries.routes.ts';
import { notificationPreferenceRoutes } from './notification-preferences.routes.ts';

/**
 * Notification preferences of the security center and their delivery log, one file per resource:
 * the channels, then what they sent, then the public confirmation of an email channel.
 */
export async function notificationRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const access = notificationAccess(ctx);
  notificationPreferenceRoutes(app, ctx, access);
  notificationDeliveryRoutes(app, ctx, access);
  destinationConfirmationRoutes(app, ctx);
}
