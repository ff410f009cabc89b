import { type MessageLanguage, passwordResetMessage } from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { takeDestinationSlot } from '../../lib/destination-limit.ts';
import { lookupHashes } from '../../lib/key-ring.ts';
import { MESSAGE_LANGUAGE_SQL } from '../../lib/message-language.ts';
import { hashPassword } from '../../lib/password.ts';
import { generateSecret, hasValidChecksum } from '../../lib/secret-format.ts';
import { sendMail } from '../../lib/send-message.ts';
import { queueAccountNotice } from '../account-notices/index.ts';
import { accountFailureKey } from './lockout.ts';
import { endUserSessions } from './sessions.service.ts';

const RESET_PREFIX = 'tqpr_';
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MAX_REQUESTS_PER_IP_PER_HOUR = 10;
const MAX_REQUESTS_PER_EMAIL_PER_HOUR = 3;

const resetTokenInvalid = () => new AppError('reset_token_invalid');

/**
 * `POST /auth/forgot-password`: mails a single-use link valid 30 minutes. The answer is the same
 * whether or not the email has an account, and the mail leaves after the answer, so neither the
 * answer nor its timing says which emails are registered.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  rawEmail: string,
  meta: { ip: string; log: FastifyBaseLogger },
) {
  const nowMs = ctx.clock.now().getTime();
  const email = rawEmail.toLowerCase();
  const perIp = await ctx.rateLimits.consume(
    [{ key: `forgot:ip:${meta.ip}`, limit: MAX_REQUESTS_PER_IP_PER_HOUR, windowMs: HOUR_MS }],
    nowMs,
  );
  if (!perIp.allowed) {
    const seconds = Math.max(1, Math.ceil((perIp.states[0]?.resetMs ?? HOUR_MS) / 1000));
    throw new AppError('too_many_requests', 'Too many reset requests, try again later', {
      headers: { 'Retry-After': String(seconds) },
    });
  }
  // Per email: over the limit nothing is sent, and the answer does not change.
  const perEmail = await ctx.rateLimits.consume(
    [{ key: `forgot:email:${email}`, limit: MAX_REQUESTS_PER_EMAIL_PER_HOUR, windowMs: HOUR_MS }],
    nowMs,
  );
  if (!perEmail.allowed) return;
  const [user] = await ctx.db.query<{ id: string; email: string; language: MessageLanguage }>(
    `select id, email, ${MESSAGE_LANGUAGE_SQL} as language from users where lower(email) = $1`,
    [email],
  );
  if (!user) return;
  // A flooded mailbox gets nothing more; the answer stays the same (it must not tell the
  // account exists).
  const slot = await takeDestinationSlot(ctx, 'email', user.email).catch(() => null);
  if (!slot) return;
  const token = generateSecret(RESET_PREFIX, 32);
  await ctx.db.query(
    `insert into password_reset_tokens (token_hash, user_id, expires_at, created_at)
     values ($1, $2, $3, $4)`,
    [
      hmacSha256(ctx.keys.pepper, token),
      user.id,
      new Date(nowMs + RESET_TOKEN_TTL_MS),
      new Date(nowMs),
    ],
  );
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/forgot-password#token=${token}`;
  sendMail(
    ctx,
    { to: user.email, ...passwordResetMessage(link, RESET_TOKEN_TTL_MS / 60_000, user.language) },
    slot,
  ).catch((error) => meta.log.error({ err: error }, 'password reset mail could not be sent'));
}

/**
 * `POST /auth/reset-password/check`: whether a reset link still works (known, unused, not
 * expired), without using it, so the page can say a dead link is dead as soon as it opens. It
 * says no more than valid or not, and guessing a 256-bit token is hopeless.
 */
export async function isResetTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  if (!hasValidChecksum(RESET_PREFIX, token)) return false;
  const [row] = await ctx.db.query(
    `select 1 from password_reset_tokens
      where token_hash = any($1::text[]) and used_at is null and expires_at > $2`,
    [lookupHashes(ctx.keys.peppers, token), ctx.clock.now()],
  );
  return row !== undefined;
}

/**
 * `POST /auth/reset-password`: sets the new password, ends every session of the account and
 * queues the security notice (to the email, and the phone when there is one).
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  meta: { ip: string },
) {
  if (!hasValidChecksum(RESET_PREFIX, input.token)) throw resetTokenInvalid();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const tokenHashes = lookupHashes(ctx.keys.peppers, input.token);
  const email = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: string }>(
      `update password_reset_tokens set used_at = $2
        where token_hash = any($1::text[]) and used_at is null and expires_at > $2
        returning user_id`,
      [tokenHashes, now],
    );
    if (!row) throw resetTokenInvalid();
    const [user] = await tx.query<{ email: string }>(
      'update users set password_hash = $2 where id = $1 returning email',
      [row.user_id, passwordHash],
    );
    // Every other link of this account stops working, as do all its sessions and sign-in steps.
    await tx.query(
      'update password_reset_tokens set used_at = $2 where user_id = $1 and used_at is null',
      [row.user_id, now],
    );
    await tx.query('delete from two_factor_challenges where user_id = $1', [row.user_id]);
    await endUserSessions(ctx, tx, row.user_id);
    await queueAccountNotice(ctx, tx, row.user_id, { kind: 'password_reset' }, meta);
    return user!.email;
  });
  // A new password lifts the lock that wrong passwords from unknown devices put on the account.
  await ctx.rateLimits.clear(accountFailureKey('login', email.toLowerCase()));
}
