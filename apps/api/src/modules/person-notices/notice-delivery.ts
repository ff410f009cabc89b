import { type Language, type PersonNoticeEvent, personNoticeMessage } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { OWN_ADDRESS } from '../../lib/destination-limit.ts';
import {
  DELIVERY_BATCH_SIZE,
  deliverDueRows,
  doneDeliveryCutoff,
  failureText,
  nextAttemptAfterFailure,
} from '../../lib/due-deliveries.ts';
import { sendMessage } from '../../lib/send-message.ts';

/**
 * Messages one person may be sent per minute (per channel). Events beyond wait and go out
 * together, as one digest, when the minute allows: a code used a hundred times in a minute makes
 * a few messages, not a hundred.
 */
export const MAX_NOTICE_MESSAGES_PER_MINUTE = 3;

/**
 * Gathers each person's untold notices into one message (one event, or a digest of several),
 * unless the person already had MAX_NOTICE_MESSAGES_PER_MINUTE in the last minute, and queues a
 * delivery per channel their preferences choose (email; SMS when they have a phone). Notices of
 * a person with both switched off are told nowhere but the app. Returns the messages queued.
 */
export async function queueNoticeMessages(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{ messages: number }>(
    `with waiting as (
       select user_id, gen_random_uuid() as message_id
         from (select distinct user_id from person_notices where message_id is null) w
        where (select count(distinct recent.message_id) from person_notices recent
                where recent.user_id = w.user_id and recent.queued_at > $2) < ${MAX_NOTICE_MESSAGES_PER_MINUTE}),
     told as (
       update person_notices n set message_id = w.message_id, queued_at = $1
         from waiting w
        where n.user_id = w.user_id and n.message_id is null
       returning n.user_id, n.message_id),
     messages as (select distinct user_id, message_id from told),
     deliveries as (
       insert into person_notice_deliveries (id, message_id, user_id, channel, status, next_attempt_at, created_at)
       select gen_random_uuid(), m.message_id, m.user_id, c.channel, 'pending', $1, $1
         from messages m
         join users u on u.id = m.user_id
         cross join lateral (values ('email', u.notify_email),
                                    ('sms', u.notify_sms and u.phone is not null)) c (channel, chosen)
        where c.chosen
       returning 1)
     select (select count(*)::int from messages) as messages`,
    [now, new Date(now.getTime() - 60_000)],
  );
  return row!.messages;
}

interface ClaimedDelivery {
  id: string;
  message_id: string;
  channel: 'email' | 'sms';
  attempts: number;
  email: string;
  phone: string | null;
  language: Language;
}

async function claimDueDeliveries(
  ctx: AppContext,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedDelivery[]> {
  return ctx.db.query<ClaimedDelivery>(
    `with claimed as (
       update person_notice_deliveries set next_attempt_at = $2
        where id in (select id from person_notice_deliveries
                      where status = 'pending' and next_attempt_at <= $1
                      order by next_attempt_at limit ${DELIVERY_BATCH_SIZE} for update skip locked)
       returning id, message_id, user_id, channel, attempts)
     select c.id, c.message_id, c.channel, c.attempts, u.email, u.phone, u.language
       from claimed c join users u on u.id = c.user_id`,
    [now, leaseUntil],
  );
}

async function eventsOf(ctx: AppContext, messageId: string): Promise<PersonNoticeEvent[]> {
  return ctx.db.query<PersonNoticeEvent>(
    `select event, organization_name as body, occurred_at as at, fields
       from person_notices where message_id = $1 order by occurred_at, id`,
    [messageId],
  );
}

const historyUrl = (ctx: AppContext) => `${ctx.config.publicUrl.replace(/\/+$/, '')}/dashboard`;

async function send(ctx: AppContext, delivery: ClaimedDelivery) {
  const message = personNoticeMessage(
    await eventsOf(ctx, delivery.message_id),
    delivery.language,
    historyUrl(ctx),
  );
  const to = delivery.channel === 'email' ? delivery.email : delivery.phone;
  // The phone was removed after the message was queued: nothing to send it to, now or later.
  if (!to) throw new Undeliverable('The account has no phone number any more');
  await sendMessage(ctx, delivery.channel, to, message, OWN_ADDRESS);
}

/** A send that no retry can make succeed. */
class Undeliverable extends Error {}

async function attemptDelivery(ctx: AppContext, delivery: ClaimedDelivery) {
  const attempts = delivery.attempts + 1;
  let failure: string | null = null;
  let retryable = false;
  try {
    await send(ctx, delivery);
  } catch (error) {
    failure = failureText(error);
    retryable = !(error instanceof Undeliverable);
  }
  const now = ctx.clock.now();
  const nextAttemptAt = retryable ? nextAttemptAfterFailure(now, attempts) : null;
  await ctx.db.query(
    `update person_notice_deliveries
        set attempts = $2, status = $3, last_error = $4, last_attempt_at = $5, next_attempt_at = $6,
            delivered_at = $7
      where id = $1`,
    [
      delivery.id,
      attempts,
      failure === null ? 'delivered' : nextAttemptAt ? 'pending' : 'failed',
      failure,
      now,
      nextAttemptAt,
      failure === null ? now : null,
    ],
  );
}

/**
 * Sends every due delivery (new ones and retries, with the organisations' notifications' policy:
 * lib/due-deliveries.ts), each outcome written on its row. Several processes share the work
 * through the claims. Returns how many it attempted.
 */
export function deliverNoticeMessages(ctx: AppContext): Promise<number> {
  return deliverDueRows(
    ctx.clock,
    (now, leaseUntil) => claimDueDeliveries(ctx, now, leaseUntil),
    (delivery) => attemptDelivery(ctx, delivery),
  );
}

/** Deletes the deliveries delivered or failed, queued over DONE_DELIVERY_DAYS ago. */
export async function deleteDoneNoticeDeliveries(ctx: AppContext) {
  await ctx.db.query(
    `delete from person_notice_deliveries where created_at < $1 and status <> 'pending'`,
    [doneDeliveryCutoff(ctx.clock.now())],
  );
}
