import { type IdentityLockRequest, lockedIdCodeRefusedMessage } from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { ApiCaller, RequestMeta } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { OWN_ADDRESS } from '../../lib/destination-limit.ts';
import { verifyPassword } from '../../lib/password.ts';
import { refusedCallEvent } from '../../lib/refusal.ts';
import { sendMessage } from '../../lib/send-message.ts';
import {
  type Attempt,
  assertNotLocked,
  clearFailures,
  consumeSecondFactor,
  recordFailure,
} from '../auth/index.ts';
import { recordSecurityEvent } from '../security/index.ts';

/*
 * Locking one's national id, like a credit freeze: while locked, no organisation can generate a
 * code for it. Locking takes one click; unlocking asks for the password and, when two-step
 * sign-in is on, a code, so a stolen session cannot quietly undo it. The lock is a column read
 * by every generate that names a subject: in force at once on every process.
 */

/** `POST /individuals/me/identity-lock`: the account is a proven individual (the route checks). */
export async function setIdentityLock(
  ctx: AppContext,
  userId: string,
  input: IdentityLockRequest,
  meta: { ip: string },
): Promise<{ locked: boolean; locked_at: string | null }> {
  const now = ctx.clock.now();
  if (!input.locked) await checkUnlock(ctx, userId, input, meta);
  const [row] = await ctx.db.query<{ identity_locked_at: Date | null }>(
    `update users set identity_locked_at = case when $2 then coalesce(identity_locked_at, $3) end
      where id = $1
      returning identity_locked_at`,
    [userId, input.locked, now],
  );
  const lockedAt = row?.identity_locked_at ?? null;
  return { locked: lockedAt !== null, locked_at: lockedAt?.toISOString() ?? null };
}

/** The password, and the second factor when it is on; wrong tries are limited like sign-in. */
async function checkUnlock(
  ctx: AppContext,
  userId: string,
  input: IdentityLockRequest,
  meta: { ip: string },
) {
  const attempt: Attempt = { action: 'password', subject: { account: userId }, ip: meta.ip };
  await assertNotLocked(ctx, attempt);
  const [row] = await ctx.db.query<{ password_hash: string; two_factor_enabled_at: Date | null }>(
    'select password_hash, two_factor_enabled_at from users where id = $1',
    [userId],
  );
  if (!row || !input.password || !(await verifyPassword(input.password, row.password_hash))) {
    await recordFailure(ctx, attempt);
    throw new AppError('current_password_invalid', 'Unlocking needs the account password');
  }
  if (row.two_factor_enabled_at) {
    const codeAttempt: Attempt = { action: '2fa', subject: { account: userId }, ip: meta.ip };
    await assertNotLocked(ctx, codeAttempt);
    if (!input.code || !(await consumeSecondFactor(ctx, ctx.db, userId, input.code))) {
      await recordFailure(ctx, codeAttempt);
      throw new AppError('invalid_code', 'Unlocking needs a two-step verification code');
    }
    await clearFailures(ctx, codeAttempt);
  }
  await clearFailures(ctx, attempt);
}

/** One notice to the person per this many minutes, however many generates are refused. */
const NOTICE_EVERY_MS = 10 * 60_000;

/**
 * Refuses a generate for a locked national id (403 `subject_locked`): the issuing organisation
 * gets a security event, the person a notice by email and SMS.
 */
export async function assertSubjectNotLocked(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  subjectHash: string,
  log: FastifyBaseLogger,
) {
  const [holder] = await ctx.db.query<{
    id: string;
    email: string;
    phone: string | null;
    national_id_last4: string | null;
  }>(
    `select id, email, phone, national_id_last4 from users
      where national_id_hash = $1 and identity_proven_at is not null
        and identity_locked_at is not null`,
    [subjectHash],
  );
  if (!holder) return;
  await recordSecurityEvent(ctx, {
    ...refusedCallEvent(caller, meta),
    type: 'subject_locked',
    severity: 'warning',
    description:
      'A code was refused: the holder of subject.national_id has locked it against new codes',
  });
  await tellHolder(ctx, caller, holder, log);
  throw new AppError('subject_locked');
}

async function tellHolder(
  ctx: AppContext,
  caller: ApiCaller,
  holder: { id: string; email: string; phone: string | null; national_id_last4: string | null },
  log: FastifyBaseLogger,
) {
  const now = ctx.clock.now().getTime();
  const slot = await ctx.rateLimits.consume(
    [{ key: `subject-locked-notice:${holder.id}`, limit: 1, windowMs: NOTICE_EVERY_MS }],
    now,
  );
  if (!slot.allowed) return;
  const [organization] = await ctx.db.query<{ name: string }>(
    'select name from organizations where id = $1',
    [caller.organizationId],
  );
  const message = lockedIdCodeRefusedMessage(
    organization?.name ?? '',
    holder.national_id_last4 ?? '',
  );
  const sends = [sendMessage(ctx, 'email', holder.email, message, OWN_ADDRESS)];
  if (holder.phone) sends.push(sendMessage(ctx, 'sms', holder.phone, message, OWN_ADDRESS));
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') log.error({ err: result.reason }, 'lock notice not sent');
  }
}
