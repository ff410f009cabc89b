import {
  DESTINATION_CONFIRMATION_TTL_HOURS,
  DESTINATION_CONFIRMATIONS_PER_DAY,
  type notificationPreferenceSchema,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import {
  type DestinationSlot,
  normalisedDestination,
  takeOrganizationDestinationSlot,
} from '../../lib/destination-limit.ts';
import { lookupHashes } from '../../lib/key-ring.ts';
import { generateSecret, hasValidChecksum } from '../../lib/secret-format.ts';
import { sendMail } from '../../lib/send-message.ts';
import { recordRefusedDestination } from '../security/index.ts';
import { destinationConfirmationEmail } from './notification-content.ts';

/*
 * No stranger gets mail they did not ask for (issue 32.4). A new email destination receives one
 * message asking its owner to confirm; until the link's token comes back (a POST from the
 * /confirm-destination page: a GET confirms nothing, since mail scanners open links) it receives
 * no event and no test. The token is an HMAC in the row, single use, valid 24 hours; the
 * organisation can send a new one, a few a day per address, each counted against the address's
 * message limits. Webhooks need no confirmation.
 */

const CONFIRMATION_PREFIX = 'tqnd_';
const TTL_MS = DESTINATION_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PREFERENCE_COLUMNS =
  'id, notification_type, event_types, destination, is_active, confirmed_at, confirmation_expires_at, created_at';
export type PreferenceRow = z.input<typeof notificationPreferenceSchema>;

/** A confirmation ready to be written on a row (`token_hash`, `expires_at`) and mailed (`send`). */
export interface PreparedConfirmation {
  tokenHash: string;
  expiresAt: Date;
  send: (organizationName: string, log: FastifyBaseLogger) => Promise<void>;
}

/**
 * Takes a confirmation message from the address's allowances (a few a day whoever asks, and the
 * hourly and daily message limits every message counts against) and makes its token. Refused:
 * 429 and nothing may be sent or written.
 */
export async function prepareConfirmation(
  ctx: AppContext,
  organizationId: string,
  destination: string,
): Promise<PreparedConfirmation> {
  const address = normalisedDestination('email', destination);
  const now = ctx.clock.now();
  const perDay = await ctx.rateLimits.consume(
    [
      {
        key: `destination-confirmation:${hmacSha256(ctx.keys.pepper, `destination:${address}`)}`,
        limit: DESTINATION_CONFIRMATIONS_PER_DAY,
        windowMs: DAY_MS,
      },
    ],
    now.getTime(),
  );
  if (!perDay.allowed) {
    const seconds = Math.max(1, Math.ceil((perDay.states[0]?.resetMs ?? DAY_MS) / 1000));
    throw new AppError(
      'too_many_requests',
      `This address was sent ${DESTINATION_CONFIRMATIONS_PER_DAY} confirmation links today; try again later`,
      { headers: { 'Retry-After': String(seconds) } },
    );
  }
  const slot: DestinationSlot = await takeOrganizationDestinationSlot(
    ctx,
    'email',
    destination,
    () => recordRefusedDestination(ctx, organizationId, 'email', destination),
  );
  const token = generateSecret(CONFIRMATION_PREFIX, 32);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/confirm-destination#token=${token}`;
  return {
    tokenHash: hmacSha256(ctx.keys.pepper, token),
    expiresAt: new Date(now.getTime() + TTL_MS),
    send: async (organizationName, log) => {
      const mail = destinationConfirmationEmail(destination, {
        organization_name: organizationName,
        link,
        hours: DESTINATION_CONFIRMATION_TTL_HOURS,
      });
      // A failed send is logged; the organisation sends a new link from the console.
      await sendMail(ctx, mail, slot).catch((error) =>
        log.error({ err: error }, 'destination confirmation mail could not be sent'),
      );
    },
  };
}

/**
 * Where the organisation stands with this mailbox: confirmed by its owner already (for another
 * preference), or waiting on a link still valid (a new preference shares it: no second message),
 * or neither.
 */
export async function destinationStanding(
  db: Queryable,
  organizationId: string,
  destination: string,
  now: Date,
): Promise<
  { confirmed: true } | { confirmed: false; pending: { tokenHash: string; expiresAt: Date } | null }
> {
  const [row] = await db.query<{
    confirmed_at: Date | null;
    confirmation_token_hash: string | null;
    confirmation_expires_at: Date | null;
  }>(
    `select confirmed_at, confirmation_token_hash, confirmation_expires_at
       from notification_preferences
      where organization_id = $1 and notification_type = 'email' and lower(destination) = $2
        and (confirmed_at is not null or confirmation_expires_at > $3)
      order by confirmed_at nulls last limit 1`,
    [organizationId, normalisedDestination('email', destination), now],
  );
  if (row?.confirmed_at) return { confirmed: true };
  return {
    confirmed: false,
    pending:
      row?.confirmation_token_hash && row.confirmation_expires_at
        ? { tokenHash: row.confirmation_token_hash, expiresAt: row.confirmation_expires_at }
        : null,
  };
}

/**
 * `POST /security/notifications/{id}/confirmation`: a new link for an unconfirmed email
 * destination (the old one stops working). A confirmed one or a webhook: 409.
 */
export async function resendConfirmation(
  ctx: AppContext,
  organizationId: string,
  id: string,
  log: FastifyBaseLogger,
): Promise<PreferenceRow> {
  const [preference] = await ctx.db.query<{
    destination: string;
    notification_type: 'email' | 'webhook';
    confirmed_at: Date | null;
    organization_name: string;
  }>(
    `select p.destination, p.notification_type, p.confirmed_at, o.name as organization_name
       from notification_preferences p join organizations o on o.id = p.organization_id
      where p.id = $1 and p.organization_id = $2`,
    [id, organizationId],
  );
  if (!preference) throw notFound('Notification preference');
  if (preference.notification_type !== 'email' || preference.confirmed_at) {
    throw new AppError('destination_confirmed');
  }
  const confirmation = await prepareConfirmation(ctx, organizationId, preference.destination);
  // Every unconfirmed preference of the organisation naming the address takes the new link.
  const rows = await ctx.db.query<PreferenceRow>(
    `update notification_preferences
        set confirmation_token_hash = $4, confirmation_expires_at = $5
      where organization_id = $2 and confirmed_at is null
        and (id = $1 or (notification_type = 'email' and lower(destination) = $3))
      returning ${PREFERENCE_COLUMNS}`,
    [
      id,
      organizationId,
      normalisedDestination('email', preference.destination),
      confirmation.tokenHash,
      confirmation.expiresAt,
    ],
  );
  const row = rows.find((r) => r.id === id);
  if (!row) throw new AppError('destination_confirmed');
  await confirmation.send(preference.organization_name, log);
  return row;
}

/**
 * `POST /notification-destinations/confirm` (public, the link's page): the owner of the address
 * says yes, for every preference of the organisation sharing the link. Unknown, used or expired
 * tokens: 400 destination_token_invalid.
 */
export async function confirmDestination(ctx: AppContext, token: string) {
  if (!hasValidChecksum(CONFIRMATION_PREFIX, token))
    throw new AppError('destination_token_invalid');
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{ destination: string; organization_name: string }>(
    `with confirmed as (
       update notification_preferences
          set confirmed_at = $2, confirmation_token_hash = null, confirmation_expires_at = null
        where confirmation_token_hash = any($1::text[]) and confirmed_at is null
          and confirmation_expires_at > $2
        returning organization_id, destination)
     select c.destination, o.name as organization_name
       from confirmed c join organizations o on o.id = c.organization_id
      limit 1`,
    [lookupHashes(ctx.keys.peppers, token), now],
  );
  if (!row) throw new AppError('destination_token_invalid');
  return row;
}
