import {
  type ContactChannel,
  contactCodeMessage,
  type MessageLanguage,
  type Profile,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto.ts';
import { type DestinationSlot, takeDestinationSlot } from '../../lib/destination-limit.ts';
import { emailHasAccount, mailEmailInUse } from '../../lib/email-in-use.ts';
import { messageLanguageOf } from '../../lib/message-language.ts';
import { CODE_SEND_WAIT_MS, sendMessage, waitForSend } from '../../lib/send-message.ts';
import { queueAccountNotice } from '../account-notices/index.ts';
import { type Attempt, assertNotLocked, recordFailure } from '../auth/index.ts';
import { MAX_CODE_ATTEMPTS, newConfirmationCode } from '../individuals/index.ts';

/*
 * A new email or phone does not apply when saved: a 6-digit code goes to the new address and the
 * change waits (`contact_changes`) until the code comes back, with the limits of the registration
 * code (10 minutes, five tries, sends limited per account). The old address is told at once. So a
 * stolen session cannot quietly move the account's password resets elsewhere.
 */

export interface RequestedChange {
  channel: ContactChannel;
  newValue: string;
  code: string;
  slot: DestinationSlot;
  /** A new email another account has: its owner is mailed instead of the code (issue 22.5). */
  emailTaken: boolean;
  /** The person's language, which the code's message is in. */
  language: MessageLanguage;
}

const codeHash = (
  ctx: AppContext,
  userId: string,
  change: Pick<RequestedChange, 'channel' | 'newValue'>,
  code: string,
) =>
  hmacSha256(
    ctx.keys.pepper,
    `contact-code:${userId}:${change.channel}:${change.newValue}:${code}`,
  );

const channelOf = (change: { channel: ContactChannel }) =>
  change.channel === 'phone' ? ('sms' as const) : ('email' as const);

/**
 * In the profile update's transaction: keeps the change pending under a new code (replacing an
 * older change of the channel) and queues the notice to the old address. The code is sent after
 * the commit (`sendContactCode`).
 *
 * A new email another account has is not refused, since that would tell the caller the address
 * has an account: the change waits like any other, the answer is the same, but its code is sent
 * to nobody and the address's owner gets `emailInUseMessage` instead. Only its mailbox could
 * confirm the change, and confirming it would still fail on the unique address.
 */
export async function requestContactChange(
  ctx: AppContext,
  tx: Queryable,
  userId: string,
  change: Pick<RequestedChange, 'channel' | 'newValue'>,
  meta: { ip: string },
): Promise<RequestedChange> {
  const emailTaken =
    change.channel === 'email' && (await emailHasAccount(tx, change.newValue, userId));
  // In the transaction: a refused destination saves nothing.
  const slot = await takeDestinationSlot(ctx, channelOf(change), change.newValue);
  const code = newConfirmationCode();
  const now = ctx.clock.now();
  await tx.query(
    `insert into contact_changes (user_id, channel, new_value, code_hash, attempts, expires_at, created_at)
     values ($1, $2, $3, $4, 0, $5, $6)
     on conflict (user_id, channel) do update
       set new_value = excluded.new_value, code_hash = excluded.code_hash, attempts = 0,
           expires_at = excluded.expires_at, created_at = excluded.created_at`,
    [
      userId,
      change.channel,
      change.newValue,
      codeHash(ctx, userId, change, code),
      new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
      now,
    ],
  );
  await queueAccountNotice(
    ctx,
    tx,
    userId,
    { kind: 'contact_change_requested', channel: change.channel, newAddress: change.newValue },
    meta,
  );
  const language = await messageLanguageOf(tx, userId);
  return { ...change, code, slot, emailTaken, language };
}

/**
 * Sends the code to the new address, waiting for it at most CODE_SEND_WAIT_MS; a failed send is
 * logged (saving again sends a new code).
 */
export async function sendContactCode(
  ctx: AppContext,
  log: FastifyBaseLogger,
  change: RequestedChange,
) {
  if (change.emailTaken) {
    await mailEmailInUse(ctx, log, change.newValue, 'email_change', change.slot);
    return;
  }
  const message = contactCodeMessage(
    change.code,
    VERIFICATION_CODE_TTL_SECONDS / 60,
    change.language,
  );
  await waitForSend(
    sendMessage(ctx, channelOf(change), change.newValue, message, change.slot),
    CODE_SEND_WAIT_MS,
    (error) =>
      log.error({ err: error, channel: change.channel }, 'contact change code could not be sent'),
  );
}

/** The changes still waiting for their code (expired or used-up ones are not). */
export async function pendingContactOf(
  ctx: AppContext,
  userId: string,
): Promise<Profile['pendingContact']> {
  const rows = await ctx.db.query<{ channel: ContactChannel; new_value: string; expires_at: Date }>(
    `select channel, new_value, expires_at from contact_changes
      where user_id = $1 and expires_at > $2 and attempts < $3`,
    [userId, ctx.clock.now(), MAX_CODE_ATTEMPTS],
  );
  const of = (channel: ContactChannel) => {
    const row = rows.find((r) => r.channel === channel);
    return row ? { address: row.new_value, expiresAt: row.expires_at.toISOString() } : null;
  };
  return { email: of('email'), phone: of('phone') };
}

/**
 * `POST /profile/contact/confirm`: the right code applies the pending change. Wrong codes count
 * like the registration code's: five per code (then 410, save again for a new one), and the
 * address's failures across accounts.
 */
export async function confirmContactChange(
  ctx: AppContext,
  userId: string,
  input: { channel: ContactChannel; code: string },
  meta: { ip: string },
) {
  const attempt: Attempt = { action: 'confirm', ip: meta.ip };
  await assertNotLocked(ctx, attempt);
  const now = ctx.clock.now();
  const outcome = await ctx.db
    .transaction(async (tx) => {
      const [pending] = await tx.query<{
        new_value: string;
        code_hash: string;
        attempts: number;
        expires_at: Date;
      }>(
        `select new_value, code_hash, attempts, expires_at from contact_changes
          where user_id = $1 and channel = $2 for update`,
        [userId, input.channel],
      );
      if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS || pending.expires_at <= now) {
        return 'expired' as const;
      }
      const change = { channel: input.channel, newValue: pending.new_value };
      if (!constantTimeEqual(pending.code_hash, codeHash(ctx, userId, change, input.code))) {
        await tx.query(
          'update contact_changes set attempts = attempts + 1 where user_id = $1 and channel = $2',
          [userId, input.channel],
        );
        return 'wrong' as const;
      }
      await tx.query('delete from contact_changes where user_id = $1 and channel = $2', [
        userId,
        input.channel,
      ]);
      await tx.query(
        input.channel === 'email'
          ? 'update users set email = $2, claimed_email = null where id = $1'
          : 'update users set phone = $2 where id = $1',
        [userId, pending.new_value],
      );
      return 'applied' as const;
    })
    .catch((error) => {
      // The address has an account (taken since the change was asked; a change asked for a taken
      // address has a code only its mailbox could have had): only its owner can get here.
      if (isUniqueViolation(error)) throw new AppError('email_taken');
      throw error;
    });
  if (outcome === 'expired') throw new AppError('code_expired');
  if (outcome === 'wrong') {
    await recordFailure(ctx, attempt);
    throw new AppError('invalid_code');
  }
}
