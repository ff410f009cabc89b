import {
  type IdentityLockRequest,
  lockedIdCodeRefusedMessage,
  type MessageLanguage,
} from '@tanqin/shared';
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
  checkSecondFactor,
  clearFailures,
  recordFailure,
  secondFactorError,
} from '../auth/index.ts';
import { recordSecurityEvent } from '../security/index.ts';

/*
 * Locking one's national id, like a credit freeze: while locked, no organisation can generate a
 * code for it, nor use one issued for it before (the verify's statement reads the lock:
 * tokens/write-batcher.ts). Locking takes one click; unlocking asks for the password and, when two-step
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
    const outcome = input.code ? await checkSecondFactor(ctx, ctx.db, userId, input.code) : null;
    if (outcome !== 'ok') {
      await recordFailure(ctx, codeAttempt);
      if (outcome === 'already_used') throw secondFactorError(outcome);
      throw new AppError('invalid_code', 'Unlocking needs a two-step verification code');
    }
    await clearFailures(ctx, codeAttempt);
  }
  await clearFailures(ctx, attempt);
}

/** One message to the person per this many minutes, however many generates are refused. */
const NOTICE_EVERY_MS = 10 * 60_000;

/** The holder of a locked, proven national id: who a refusal is told to. */
interface LockHolder {
  id: string;
  email: string;
  phone: string | null;
  national_id_last4: string | null;
  language: MessageLanguage;
}

/** What was refused: a code's issue (no code exists) or the use of a code issued before the lock. */
export type LockedAttempt =
  | { attempt: 'issue'; fields: string[] }
  | { attempt: 'use'; tokenId: string; fields: string[] };

/**
 * Refuses a generate for a locked national id (403 `subject_locked`): the issuing organisation
 * gets a security event, the person a notice in the app and by email and SMS.
 */
export async function assertSubjectNotLocked(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  subjectHash: string,
  fields: string[],
  log: FastifyBaseLogger,
) {
  const [holder] = await ctx.db.query<LockHolder>(
    `select id, email, phone, national_id_last4, language from users
      where national_id_hash = $1 and identity_proven_at is not null
        and identity_locked_at is not null`,
    [subjectHash],
  );
  if (!holder) return;
  await tellRefusal(ctx, caller, meta, holder, { attempt: 'issue', fields }, log);
  throw new AppError('subject_locked');
}

/**
 * A verify found a code naming a locked national id and consumed nothing (write-batcher.ts
 * decides it in the statement that would have used it): the same event and notices as a refused
 * generate. Returns the 403 to answer.
 */
export async function refuseLockedUse(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  tokenId: string,
  log: FastifyBaseLogger | undefined,
): Promise<AppError> {
  const [holder] = await ctx.db.query<LockHolder & { data_fields: string[] }>(
    `select u.id, u.email, u.phone, u.national_id_last4, u.language, t.data_fields
       from tokens t join users u on u.national_id_hash = t.subject_hash
      where t.id = $1 and u.identity_proven_at is not null and u.identity_locked_at is not null`,
    [tokenId],
  );
  // Unlocked since the verify: still refused (nothing was used), but nothing more to tell.
  if (holder) {
    const { data_fields: fields, ...who } = holder;
    await tellRefusal(ctx, caller, meta, who, { attempt: 'use', tokenId, fields }, log);
  }
  return new AppError('subject_locked');
}

/** Repeated refusals of one organisation within this window make one notice in the app. */
const APP_NOTICE_EVERY = '10 minutes';

async function tellRefusal(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  holder: LockHolder,
  refused: LockedAttempt,
  log: FastifyBaseLogger | undefined,
) {
  await recordSecurityEvent(ctx, {
    ...refusedCallEvent(caller, meta),
    type: 'subject_locked',
    severity: 'warning',
    description:
      refused.attempt === 'issue'
        ? 'A code was refused: the holder of subject.national_id has locked it against new codes'
        : `The use of code ${refused.tokenId} was refused: the holder of its national id has locked it`,
    ...(refused.attempt === 'use' && { additionalData: { token_id: refused.tokenId } }),
  });
  const [organization] = await ctx.db.query<{ name: string }>(
    'select name from organizations where id = $1',
    [caller.organizationId],
  );
  const organizationName = organization?.name ?? '';
  await recordAppNotice(ctx, holder.id, caller.organizationId, organizationName, refused);
  await tellHolder(ctx, holder, organizationName, refused.attempt, log);
}

/**
 * The refusal as a notice in the app (GET /me/notices), already told: the email and SMS go out
 * at once (tellHolder), not through the notices' queue. A refused use is one notice per code; a
 * refused issue one per organisation per APP_NOTICE_EVERY, however many it tries.
 */
async function recordAppNotice(
  ctx: AppContext,
  userId: string,
  organizationId: string,
  organizationName: string,
  refused: LockedAttempt,
) {
  const now = ctx.clock.now();
  const event = refused.attempt === 'issue' ? 'refused_issue' : 'refused_use';
  await ctx.db.query(
    `insert into person_notices (id, user_id, token_id, event, organization_id, organization_name,
                                 fields, occurred_at, created_at, message_id, queued_at)
     select gen_random_uuid(), $1::uuid, $2::text, $3::text, $4::uuid, $5::text, $6::text[],
            $7::timestamptz, $7::timestamptz, gen_random_uuid(), $7::timestamptz
      where not exists (
        select 1 from person_notices
         where user_id = $1::uuid and event = $3::text and organization_id = $4::uuid
           and $2::text is null and occurred_at > $7::timestamptz - interval '${APP_NOTICE_EVERY}')
     on conflict (token_id, event) do nothing`,
    [
      userId,
      refused.attempt === 'use' ? refused.tokenId : null,
      event,
      organizationId,
      organizationName,
      refused.fields,
      now,
    ],
  );
}

async function tellHolder(
  ctx: AppContext,
  holder: LockHolder,
  organizationName: string,
  attempt: LockedAttempt['attempt'],
  log: FastifyBaseLogger | undefined,
) {
  const now = ctx.clock.now().getTime();
  const slot = await ctx.rateLimits.consume(
    [{ key: `subject-locked-notice:${holder.id}`, limit: 1, windowMs: NOTICE_EVERY_MS }],
    now,
  );
  if (!slot.allowed) return;
  const message = lockedIdCodeRefusedMessage(
    organizationName,
    holder.national_id_last4 ?? '',
    attempt,
    holder.language,
  );
  const sends = [sendMessage(ctx, 'email', holder.email, message, OWN_ADDRESS)];
  if (holder.phone) sends.push(sendMessage(ctx, 'sms', holder.phone, message, OWN_ADDRESS));
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') log?.error({ err: result.reason }, 'lock notice not sent');
  }
}
