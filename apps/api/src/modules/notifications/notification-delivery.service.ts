import { randomUUID } from 'node:crypto';
import { type notificationDeliverySchema, REQUEST_FULFILLED_DELIVERY } from '@tanqin/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import type { SqlParams } from '../../db/sql-params.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { takeDestinationSlot } from '../../lib/destination-limit.ts';
import {
  DELIVERY_BATCH_SIZE,
  deliverDueRows,
  failureText,
  nextAttemptAfterFailure,
} from '../../lib/due-deliveries.ts';
import { unseal } from '../../lib/key-ring.ts';
import { sendMail } from '../../lib/send-message.ts';
import {
  type FulfilledRequest,
  type NotifiedEvent,
  notificationEmail,
  requestWebhookPayload,
  webhookPayload,
} from './notification-content.ts';
import { checkWebhookDestination, webhookNetworkOf } from './webhook-destination.ts';
import { signWebhook } from './webhook-signature.ts';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** Notifications one preference may queue per minute; events beyond stay on the dashboard. */
export const MAX_NOTIFICATIONS_PER_MINUTE = 20;

/**
 * A CTE for the statement that records an event: one pending delivery per active preference of
 * the organisation that names the event's type, for new event rows only (a repeat of an event
 * within its minute adds to the row's count and notifies nobody again), and at most
 * MAX_NOTIFICATIONS_PER_MINUTE per preference (events from many addresses are many rows; their
 * mail or webhooks must not flood the receiver). Sending is left to the background job, so the
 * request that caused the event never waits for it.
 */
export function enqueueNotificationsCte(params: SqlParams, eventCte: string, at: Date): string {
  const now = params.add(at, 'timestamptz');
  const minuteAgo = params.add(new Date(at.getTime() - 60_000), 'timestamptz');
  return `deliveries_insert as (
      insert into notification_deliveries (id, preference_id, event_id, status, attempts, next_attempt_at, created_at)
      select gen_random_uuid(), p.id, e.id, 'pending', 0, ${now}, ${now}
        from ${eventCte} e
        join notification_preferences p
          on p.organization_id = e.organization_id and p.is_active and e.event_type = any(p.event_types)
         and p.confirmed_at is not null
       where e.occurrences = 1
         and (select count(*) from notification_deliveries recent
               where recent.preference_id = p.id and recent.created_at > ${minuteAgo}
                 and recent.event_id is not null and recent.replay_of is null)
             < ${MAX_NOTIFICATIONS_PER_MINUTE}
      returning id)`;
}

/**
 * Queues `verification_request.fulfilled` for each active webhook of the request's audience, in
 * the transaction that records the answer: the delivery job sends it, retries it and logs it as
 * it does security events. Not counted against MAX_NOTIFICATIONS_PER_MINUTE: the organisation
 * asked for each answer itself, and none may be dropped.
 */
export async function enqueueRequestWebhooks(
  db: Queryable,
  request: { id: string; organizationId: string },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into notification_deliveries
       (id, preference_id, verification_request_id, status, attempts, next_attempt_at, created_at)
     select gen_random_uuid(), p.id, $2, 'pending', 0, $3, $3
       from notification_preferences p
      where p.organization_id = $1 and p.is_active and p.notification_type = 'webhook'
        and p.confirmed_at is not null`,
    [request.organizationId, request.id, at],
  );
}

/**
 * A delivery claimed for sending: a security event's (its columns set, `request_id` null) or a
 * fulfilled verification request's (its columns set, the event's null).
 */
interface ClaimedDelivery extends NotifiedEvent, FulfilledRequest {
  delivery_id: string;
  message_id: string;
  attempts: number;
  notification_type: 'email' | 'webhook';
  destination: string;
  secret_encrypted: string | null;
  preference_id: string;
  is_active: boolean;
  confirmed_at: Date | null;
}

/** Claims due deliveries (skipping those another process holds) with all that sending needs. */
async function claimDueDeliveries(
  ctx: AppContext,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedDelivery[]> {
  return ctx.db.query<ClaimedDelivery>(
    `with claimed as (
       update notification_deliveries set next_attempt_at = $2
        where id in (select id from notification_deliveries
                      where status = 'pending' and next_attempt_at <= $1
                      order by next_attempt_at limit ${DELIVERY_BATCH_SIZE} for update skip locked)
       returning id, preference_id, event_id, verification_request_id,
                 coalesce(message_id, id) as message_id, attempts)
     select c.id as delivery_id, c.message_id, c.attempts, p.id as preference_id, p.notification_type,
            p.destination, p.secret_encrypted, p.is_active, p.confirmed_at,
            e.id, e.event_type, e.event_severity, e.event_description, e.client_ip, e.user_agent,
            e.request_path, e.request_method, e.additional_data, e.api_key_name, e.occurrences,
            e.created_at, o.id as organization_id, o.name as organization_name, o.time_zone,
            r.id as request_id, r.token_id, r.fields, r.purpose, r.fulfilled_at,
            i.name as issuer_name, i.client_id as issuer_client_id
       from claimed c
       join notification_preferences p on p.id = c.preference_id
       left join security_events e on e.id = c.event_id
       left join verification_requests r on r.id = c.verification_request_id
       left join organizations i on i.id = r.issuer_organization_id
       join organizations o on o.id = p.organization_id`,
    [now, leaseUntil],
  );
}

export class DeliveryFailure extends Error {
  readonly responseStatus: number | null;

  constructor(message: string, responseStatus: number | null = null) {
    super(message);
    this.responseStatus = responseStatus;
  }
}

const sendWebhook = (ctx: AppContext, delivery: ClaimedDelivery) =>
  postWebhook(
    ctx,
    delivery,
    `msg_${delivery.message_id}`,
    delivery.request_id ? requestWebhookPayload(delivery) : webhookPayload(delivery),
  );

/** Posts a signed body to a preference's webhook; a non-2xx answer throws DeliveryFailure. */
export async function postWebhook(
  ctx: AppContext,
  preference: { destination: string; secret_encrypted: string | null; preference_id: string },
  messageId: string,
  body: string,
): Promise<number> {
  // Checked again now, after a fresh resolution: the name may point elsewhere since creation.
  const { url, address } = await checkWebhookDestination(
    webhookNetworkOf(ctx),
    preference.destination,
  );
  const secret = unseal(
    ctx.keys.webhookSecret,
    preference.secret_encrypted!,
    preference.preference_id,
  ).toString();
  const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
  const { status } = await webhookNetworkOf(ctx).post({
    url,
    address,
    body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Tanqin-Webhooks/1.0',
      ...signWebhook(secret, messageId, timestamp, body),
    },
  });
  if (status < 200 || status > 299) throw new DeliveryFailure(`HTTP ${status}`, status);
  return status;
}

async function attemptDelivery(ctx: AppContext, delivery: ClaimedDelivery) {
  const refusal = !delivery.is_active
    ? 'The notification preference is switched off'
    : !delivery.confirmed_at
      ? 'The destination has not been confirmed by its owner'
      : null;
  if (refusal) {
    await ctx.db.query(
      `update notification_deliveries set status = 'failed', next_attempt_at = null,
              last_error = $2 where id = $1`,
      [delivery.delivery_id, refusal],
    );
    return;
  }
  let status: number | null = null;
  let failure: string | null = null;
  try {
    if (delivery.notification_type === 'webhook') status = await sendWebhook(ctx, delivery);
    else {
      // An event mail counts against the mailbox's limits like every other message; over them
      // it waits for its retry (no security event: that would be mailed here again).
      const slot = await takeDestinationSlot(ctx, 'email', delivery.destination);
      await sendMail(ctx, notificationEmail(delivery.destination, delivery), slot);
    }
  } catch (error) {
    failure = failureText(error);
    status = error instanceof DeliveryFailure ? error.responseStatus : null;
  }
  const now = ctx.clock.now();
  if (failure === null) {
    await ctx.db.query(
      `with done as (
         update notification_deliveries
            set status = 'delivered', attempts = attempts + 1, delivered_at = $2, last_attempt_at = $2,
                next_attempt_at = null, last_error = null, response_status = $3
          where id = $1 returning event_id)
       update security_events set notified_at = coalesce(notified_at, $2)
        where id = (select event_id from done)`,
      [delivery.delivery_id, now, status],
    );
    return;
  }
  const attempts = delivery.attempts + 1;
  const nextAttemptAt = nextAttemptAfterFailure(now, attempts);
  await ctx.db.query(
    `update notification_deliveries
        set attempts = $2, status = $3, last_error = $4, response_status = $5, last_attempt_at = $6,
            next_attempt_at = $7
      where id = $1`,
    [
      delivery.delivery_id,
      attempts,
      nextAttemptAt ? 'pending' : 'failed',
      failure,
      status,
      now,
      nextAttemptAt,
    ],
  );
}

const runningJobs = new WeakMap<AppContext, Promise<number>>();

/**
 * The background job: sends every due delivery (new ones and retries), each outcome written on
 * its row. One run at a time per process; several processes share the work through the claims.
 * Returns how many deliveries it attempted.
 */
export function deliverDueNotifications(ctx: AppContext): Promise<number> {
  const running = runningJobs.get(ctx);
  if (running) return running;
  const run = deliverDueRows(
    ctx.clock,
    (now, leaseUntil) => claimDueDeliveries(ctx, now, leaseUntil),
    (delivery) => attemptDelivery(ctx, delivery),
  ).finally(() => runningJobs.delete(ctx));
  runningJobs.set(ctx, run);
  return run;
}

const DELIVERY_COLUMNS = `d.id, d.preference_id, d.event_id, d.verification_request_id,
  coalesce(e.event_type, '${REQUEST_FULFILLED_DELIVERY}') as event_type, d.status, d.attempts, d.last_error,
  d.response_status, d.created_at, d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.replay_of`;
const DELIVERIES_FROM =
  'notification_deliveries d left join security_events e on e.id = d.event_id';
type DeliveryRow = z.input<typeof notificationDeliverySchema>;

/** The delivery log of one preference of the organisation, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  organizationId: string,
  preferenceId: string,
  page: number,
  pageSize: number,
) {
  const [preference] = await ctx.db.query<{ total: number }>(
    `select (select count(*)::int from notification_deliveries where preference_id = p.id) as total
       from notification_preferences p where p.id = $1 and p.organization_id = $2`,
    [preferenceId, organizationId],
  );
  if (!preference) throw notFound('Notification preference');
  const deliveries = await ctx.db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS}
       from ${DELIVERIES_FROM}
      where d.preference_id = $1
      order by d.created_at desc, d.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
    [preferenceId],
  );
  return { deliveries, total: preference.total, page, page_size: pageSize };
}

/**
 * Sends a delivered or failed notification again, as a new delivery of the same message (same
 * webhook-id, so a receiver can tell a replay from a new event). A pending one is already due.
 */
export async function replayDelivery(ctx: AppContext, organizationId: string, deliveryId: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{ original_status: string | null; id: string | null }>(
    `with original as (
       select d.id, d.preference_id, d.event_id, d.verification_request_id,
              coalesce(d.message_id, d.id) as message_id, d.status
         from notification_deliveries d join notification_preferences p on p.id = d.preference_id
        where d.id = $1 and p.organization_id = $2),
     inserted as (
       insert into notification_deliveries
         (id, preference_id, event_id, verification_request_id, message_id, status, attempts,
          next_attempt_at, created_at, replay_of)
       select $3, preference_id, event_id, verification_request_id, message_id, 'pending', 0, $4, $4, id
         from original where status <> 'pending'
       returning id)
     select (select status from original) as original_status, (select id from inserted) as id`,
    [deliveryId, organizationId, randomUUID(), now],
  );
  if (!row?.original_status) throw notFound('Delivery');
  if (!row.id) {
    throw new AppError('delivery_pending', 'This delivery is still pending; it is sent when due');
  }
  const [delivery] = await ctx.db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS}
       from ${DELIVERIES_FROM} where d.id = $1`,
    [row.id],
  );
  return delivery!;
}
