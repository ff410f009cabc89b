import { randomUUID } from 'node:crypto';
import type { EventType, notificationPreferenceSchema } from '@tanqin/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { seal } from '../../lib/key-ring.ts';
import { createSystemWebhookNetwork } from '../../lib/webhook-network.ts';
import { checkWebhookDestination, WebhookDestinationError } from './webhook-destination.ts';
import { generateWebhookSecret } from './webhook-signature.ts';

const PREFERENCE_COLUMNS = 'id, notification_type, event_types, destination, is_active, created_at';
type PreferenceRow = z.input<typeof notificationPreferenceSchema>;

export function webhookNetworkOf(ctx: AppContext) {
  ctx.webhookNetwork ??= createSystemWebhookNetwork();
  return ctx.webhookNetwork;
}

/** A refused webhook destination as a field error of the form. */
export function destinationRefused(error: WebhookDestinationError) {
  const code = {
    not_https: 'webhookUrlInvalid',
    unresolvable: 'webhookHostUnresolvable',
    not_public: 'webhookDestinationPrivate',
  }[error.problem];
  return new AppError('validation_failed', error.message, {
    errors: [{ path: 'destination', code, message: error.message }],
  });
}

export async function listNotificationPreferences(ctx: AppContext, organizationId: string) {
  return ctx.db.query<PreferenceRow>(
    `select ${PREFERENCE_COLUMNS} from notification_preferences
      where organization_id = $1 order by created_at desc, id`,
    [organizationId],
  );
}

/**
 * Creates a preference. A webhook's destination must resolve to public addresses only, and it
 * gets a signing secret that is returned here once and stored encrypted.
 */
export async function createNotificationPreference(
  ctx: AppContext,
  organizationId: string,
  input: {
    notification_type: 'email' | 'webhook';
    event_types: EventType[];
    destination: string;
  },
) {
  const isWebhook = input.notification_type === 'webhook';
  if (isWebhook) {
    try {
      await checkWebhookDestination(webhookNetworkOf(ctx), input.destination);
    } catch (error) {
      if (error instanceof WebhookDestinationError) throw destinationRefused(error);
      throw error;
    }
  }
  const id = randomUUID();
  const secret = isWebhook ? generateWebhookSecret() : null;
  const [row] = await ctx.db.query<PreferenceRow>(
    `insert into notification_preferences
       (id, organization_id, notification_type, event_types, destination, secret_encrypted, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning ${PREFERENCE_COLUMNS}`,
    [
      id,
      organizationId,
      input.notification_type,
      input.event_types,
      input.destination,
      secret ? seal(ctx.keys.webhookSecret, secret, id) : null,
      ctx.clock.now(),
    ],
  );
  return { preference: row!, signingSecret: secret };
}

export async function setNotificationPreferenceActive(
  ctx: AppContext,
  organizationId: string,
  id: string,
  isActive: boolean,
) {
  const rows = await ctx.db.query<PreferenceRow>(
    `update notification_preferences set is_active = $3 where id = $1 and organization_id = $2
     returning ${PREFERENCE_COLUMNS}`,
    [id, organizationId, isActive],
  );
  if (!rows.length) throw notFound('Notification preference');
  return rows[0]!;
}

/** Deleting a preference deletes its delivery log too. */
export async function deleteNotificationPreference(
  ctx: AppContext,
  organizationId: string,
  id: string,
) {
  const rows = await ctx.db.query(
    'delete from notification_preferences where id = $1 and organization_id = $2 returning id',
    [id, organizationId],
  );
  if (!rows.length) throw notFound('Notification preference');
}
