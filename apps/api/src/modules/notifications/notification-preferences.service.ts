import { randomUUID } from 'node:crypto';
import type { EventType } from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { normalisedDestination } from '../../lib/destination-limit.ts';
import { seal } from '../../lib/key-ring.ts';
import {
  destinationStanding,
  PREFERENCE_COLUMNS,
  type PreferenceRow,
  prepareConfirmation,
} from './destination-confirmation.service.ts';
import {
  checkWebhookDestination,
  WebhookDestinationError,
  webhookNetworkOf,
} from './webhook-destination.ts';
import { generateWebhookSecret } from './webhook-signature.ts';

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
 * gets a signing secret that is returned here once and stored encrypted. A new email address is
 * unconfirmed and gets one message asking its owner to confirm (destination-confirmation
 * .service.ts), unless the organisation already has it confirmed.
 */
export async function createNotificationPreference(
  ctx: AppContext,
  organizationId: string,
  input: {
    notification_type: 'email' | 'webhook';
    event_types: EventType[];
    destination: string;
  },
  log: FastifyBaseLogger,
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
  const now = ctx.clock.now();
  const standing = isWebhook
    ? ({ confirmed: true } as const)
    : await destinationStanding(ctx.db, organizationId, input.destination, now);
  const confirmed = standing.confirmed;
  // Before the row: a refused address (429) creates nothing. A link still pending is shared.
  const pending = standing.confirmed ? null : standing.pending;
  const confirmation =
    standing.confirmed || pending
      ? null
      : await prepareConfirmation(ctx, organizationId, input.destination);
  const id = randomUUID();
  const secret = isWebhook ? generateWebhookSecret() : null;
  const [row] = await ctx.db.query<PreferenceRow & { organization_name: string }>(
    `with inserted as (
       insert into notification_preferences
         (id, organization_id, notification_type, event_types, destination, secret_encrypted,
          confirmed_at, confirmation_token_hash, confirmation_expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       returning ${PREFERENCE_COLUMNS})
     select inserted.*, (select name from organizations where id = $2) as organization_name
       from inserted`,
    [
      id,
      organizationId,
      input.notification_type,
      input.event_types,
      input.destination,
      secret ? seal(ctx.keys.webhookSecret, secret, id) : null,
      confirmed ? now : null,
      confirmation?.tokenHash ?? pending?.tokenHash ?? null,
      confirmation?.expiresAt ?? pending?.expiresAt ?? null,
      now,
    ],
  );
  const { organization_name, ...preference } = row!;
  if (confirmation) {
    // The new link serves every unconfirmed preference of the organisation naming the address.
    await ctx.db.query(
      `update notification_preferences
          set confirmation_token_hash = $3, confirmation_expires_at = $4
        where organization_id = $1 and notification_type = 'email' and lower(destination) = $2
          and confirmed_at is null`,
      [
        organizationId,
        normalisedDestination('email', input.destination),
        confirmation.tokenHash,
        confirmation.expiresAt,
      ],
    );
    await confirmation.send(organization_name, log);
  }
  return { preference, signingSecret: secret };
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
