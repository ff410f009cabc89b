import { randomUUID } from 'node:crypto';
import {
  type AccountNoticeEvent,
  accountNoticeMessage,
  type MessageLanguage,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { OWN_ADDRESS } from '../../lib/destination-limit.ts';
import {
  DELIVERY_BATCH_SIZE,
  deliverDueRows,
  doneDeliveryCutoff,
  failureText,
  nextAttemptAfterFailure,
} from '../../lib/due-deliveries.ts';
import { countryOf } from '../../lib/geo.ts';
import { MESSAGE_LANGUAGE_SQL } from '../../lib/message-language.ts';
import { type Message, sendMessage } from '../../lib/send-message.ts';

/*
 * Security notices to an account's own addresses. They are written in the transaction of the
 * change they tell of (so a change never happens untold, and a refused change tells nothing) and
 * sent by the background job with the retries of the organisations' notifications
 * (lib/due-deliveries.ts): a mail server that is down never fails the person's request. They go
 * whatever the notification preferences say, like a bank's.
 */

type Destination = { channel: 'email' | 'sms'; to: string };

/**
 * Where a notice goes: the account's email; a phone change to the old phone instead (when the
 * account has one); a password reset to the phone as well, since whoever used the mailed link may
 * hold the mailbox.
 */
function destinationsOf(
  event: AccountNoticeEvent,
  account: { email: string; phone: string | null },
): Destination[] {
  const email: Destination = { channel: 'email', to: account.email };
  const phone: Destination[] = account.phone ? [{ channel: 'sms', to: account.phone }] : [];
  if (event.kind === 'contact_change_requested' && event.channel === 'phone') {
    return phone.length > 0 ? phone : [email];
  }
  return event.kind === 'password_reset' ? [email, ...phone] : [email];
}

/** Queues the notices of `event` to the account's addresses. `db` is the transaction of the change. */
export async function queueAccountNotice(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  event: AccountNoticeEvent,
  meta: { ip?: string },
) {
  const [account] = await db.query<{
    email: string;
    phone: string | null;
    language: MessageLanguage;
  }>(`select email, phone, ${MESSAGE_LANGUAGE_SQL} as language from users where id = $1`, [userId]);
  if (!account) return;
  const now = ctx.clock.now();
  const message = accountNoticeMessage(
    event,
    { at: now, ip: meta.ip ?? null, country: meta.ip ? countryOf(meta.ip) : undefined },
    account.language,
  );
  for (const destination of destinationsOf(event, account)) {
    const bySms = destination.channel === 'sms';
    await db.query(
      `insert into account_notices (id, user_id, channel, destination, subject, body, next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [
        randomUUID(),
        userId,
        destination.channel,
        destination.to,
        bySms ? null : message.subject,
        bySms ? message.sms : message.text,
        now,
      ],
    );
  }
}

/** A row holds its channel's form only (the SMS, or the mail): its body is read as both. */
interface ClaimedNotice extends Message {
  id: string;
  channel: 'email' | 'sms';
  destination: string;
  attempts: number;
}

async function attempt(ctx: AppContext, notice: ClaimedNotice) {
  try {
    await sendMessage(ctx, notice.channel, notice.destination, notice, OWN_ADDRESS);
    await ctx.db.query('delete from account_notices where id = $1', [notice.id]);
  } catch (error) {
    const attempts = notice.attempts + 1;
    await ctx.db.query(
      'update account_notices set attempts = $2, last_error = $3, next_attempt_at = $4 where id = $1',
      [notice.id, attempts, failureText(error), nextAttemptAfterFailure(ctx.clock.now(), attempts)],
    );
  }
}

function claimDueNotices(ctx: AppContext, now: Date, leaseUntil: Date) {
  return ctx.db.query<ClaimedNotice>(
    `update account_notices set next_attempt_at = $2
      where id in (select id from account_notices
                    where next_attempt_at <= $1
                    order by next_attempt_at limit ${DELIVERY_BATCH_SIZE} for update skip locked)
     returning id, channel, destination, coalesce(subject, '') as subject, body as text, body as sms,
               attempts`,
    [now, leaseUntil],
  );
}

/**
 * The background job: sends the due notices (new ones and retries). Several processes share the
 * work through the claims. Returns how many it attempted.
 */
export function deliverDueAccountNotices(ctx: AppContext): Promise<number> {
  return deliverDueRows(
    ctx.clock,
    (now, leaseUntil) => claimDueNotices(ctx, now, leaseUntil),
    (notice) => attempt(ctx, notice),
  );
}

/**
 * Deletes the notices that failed every attempt, queued over DONE_DELIVERY_DAYS ago (a sent one
 * is deleted when sent).
 */
export async function deleteFailedAccountNotices(ctx: AppContext) {
  await ctx.db.query(
    'delete from account_notices where next_attempt_at is null and created_at < $1',
    [doneDeliveryCutoff(ctx.clock.now())],
  );
}
