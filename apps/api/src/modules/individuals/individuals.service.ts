import { randomInt, randomUUID } from 'node:crypto';
import {
  type IndividualRegistration,
  type Language,
  maskedAddress,
  registrationCodeMessage,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_RESEND_AFTER_SECONDS,
  type VerificationMethod,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto.ts';
import { type DestinationSlot, takeDestinationSlot } from '../../lib/destination-limit.ts';
import { emailHasAccount, mailEmailInUse } from '../../lib/email-in-use.ts';
import { hashNationalId } from '../../lib/identity.ts';
import { hashPassword } from '../../lib/password.ts';
import {
  CODE_SEND_WAIT_MS,
  sendMessage,
  UNCLAIMED_EMAIL_DOMAIN,
  waitForSend,
} from '../../lib/send-message.ts';
import {
  type Attempt,
  assertNotLocked,
  getUser,
  recordFailure,
  startSession,
} from '../auth/index.ts';

/** Wrong tries one code survives; the next answer is 410 and a new code must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_SENDS_PER_HOUR = 5;

/** A confirmation code: six random digits (the registration's and a contact change's). */
export const newConfirmationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** Registrations one address may make in an hour (each sends an SMS or a mail). */
export const MAX_REGISTRATIONS_PER_IP_PER_HOUR = 30;

const codeExpired = () => new AppError('code_expired');

const codeHash = (ctx: AppContext, userId: string, code: string) =>
  hmacSha256(ctx.keys.pepper, `verification-code:${userId}:${code}`);

/** Where the code went, without giving the address away: `05******78`, `a***@x.com`. */
export const destinationHint = (
  method: VerificationMethod,
  target: { phone: string; email: string },
) => maskedAddress(method === 'sms' ? target.phone : target.email);

function verificationInfo(method: VerificationMethod, target: { phone: string; email: string }) {
  return {
    method,
    destination_hint: destinationHint(method, target),
    expires_in: VERIFICATION_CODE_TTL_SECONDS,
    resend_after: VERIFICATION_RESEND_AFTER_SECONDS,
  };
}

/**
 * One send per minute and five per hour per account; the first send counts too. `counter` names
 * the account's counter (the contact change codes count apart from the registration's).
 */
export async function takeSendSlot(ctx: AppContext, counter: string) {
  const result = await ctx.rateLimits.consume(
    [
      {
        key: `verify-send:minute:${counter}`,
        limit: 1,
        windowMs: VERIFICATION_RESEND_AFTER_SECONDS * 1000,
      },
      { key: `verify-send:hour:${counter}`, limit: MAX_SENDS_PER_HOUR, windowMs: 60 * 60 * 1000 },
    ],
    ctx.clock.now().getTime(),
  );
  if (result.allowed) return;
  const waitMs = Math.max(
    ...result.states.filter((s) => s.count >= s.window.limit).map((s) => s.resetMs),
  );
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError('too_many_requests', `Wait ${seconds} seconds before asking for a new code`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

const addressOf = (method: VerificationMethod, target: { phone: string; email: string }) =>
  method === 'sms' ? target.phone : target.email;

/**
 * Sends a code by SMS or email, waiting for it at most CODE_SEND_WAIT_MS; a failed send is
 * logged, the person can ask again.
 */
async function deliverCode(
  ctx: AppContext,
  log: FastifyBaseLogger,
  method: VerificationMethod,
  target: { phone: string; email: string },
  code: string,
  slot: DestinationSlot,
  language: Language,
) {
  const message = registrationCodeMessage(code, VERIFICATION_CODE_TTL_SECONDS / 60, language);
  await waitForSend(
    sendMessage(ctx, method, addressOf(method, target), message, slot),
    CODE_SEND_WAIT_MS,
    (error) => log.error({ err: error, method }, 'confirmation code could not be sent'),
  );
}

/** Replaces the account's live code with a new one (10 minutes, five tries). */
async function issueCode(ctx: AppContext, userId: string, method: VerificationMethod) {
  const code = newConfirmationCode();
  const now = ctx.clock.now();
  await ctx.db.query(
    `insert into verification_codes (user_id, method, code_hash, attempts, expires_at, created_at)
     values ($1, $2, $3, 0, $4, $5)
     on conflict (user_id) do update
       set method = excluded.method, code_hash = excluded.code_hash, attempts = 0,
           expires_at = excluded.expires_at, created_at = excluded.created_at`,
    [
      userId,
      method,
      codeHash(ctx, userId, code),
      new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
      now,
    ],
  );
  return code;
}

/**
 * Creates an individual's account: the national id only as an HMAC under the pepper (the same
 * function codes are issued with) plus its last four digits. The answer is a session, so the
 * person can confirm with the code sent by the chosen method.
 *
 * Whether the national id already has an account changes nothing in the answer (no oracle): a
 * national id belongs to the account that proves it at the identity provider (modules/identity),
 * and until then no account sees the codes issued for it.
 *
 * Nor does whether the email has one (issue 22.5): an address another account has stays with
 * it. The new account is made all the same, with a stand-in sign-in address that is never
 * mailed and the named one kept as `claimed_email` (shown to this account only); an emailed code
 * goes nowhere and the owner of the address gets `emailInUseMessage` instead. The answer, its
 * headers and the work done (hash, rows, code, session) are those of a free address.
 */
export async function registerIndividual(
  ctx: AppContext,
  input: IndividualRegistration,
  meta: { ip: string; userAgent?: string; log: FastifyBaseLogger },
) {
  const perIp = await ctx.rateLimits.consume(
    [
      {
        key: `register:ip:${meta.ip}`,
        limit: MAX_REGISTRATIONS_PER_IP_PER_HOUR,
        windowMs: 60 * 60 * 1000,
      },
    ],
    ctx.clock.now().getTime(),
  );
  if (!perIp.allowed) {
    const seconds = Math.max(1, Math.ceil((perIp.states[0]?.resetMs ?? 0) / 1000));
    throw new AppError('too_many_requests', 'Too many registrations from this address', {
      headers: { 'Retry-After': String(seconds) },
    });
  }
  const target = { phone: input.phoneNumber, email: input.email };
  // Before anything is written: a refused destination leaves no account behind.
  const slot = await takeDestinationSlot(ctx, input.method, addressOf(input.method, target));
  const passwordHash = await hashPassword(input.password);
  const nationalIdHash = hashNationalId(ctx.keys.nationalId, input.nationalId);
  const userId = randomUUID();
  const account = [
    input.firstName,
    input.lastName,
    input.phoneNumber,
    passwordHash,
    nationalIdHash,
    input.nationalId.slice(-4),
    input.language,
  ];
  // A taken email gets an account too, under a stand-in address (see `unclaimedAccount`): the
  // same rows, code and answer as a free one, so nothing tells the two apart but the mailbox.
  const insert = (tx: Queryable, email: string, claimedEmail: string | null) =>
    tx.query(
      `insert into users (id, kind, email, claimed_email, first_name, last_name, phone,
         password_hash, national_id_hash, national_id_last4, language)
       values ($1, 'individual', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [userId, email, claimedEmail, ...account],
    );
  const unclaimedAccount = (tx: Queryable) =>
    insert(tx, `${userId}@${UNCLAIMED_EMAIL_DOMAIN}`, input.email);
  let emailTaken = false;
  try {
    await ctx.db.transaction(async (tx) => {
      emailTaken = await emailHasAccount(tx, input.email);
      await (emailTaken ? unclaimedAccount(tx) : insert(tx, input.email, null));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another registration took the address between the check and the insert.
    emailTaken = true;
    await unclaimedAccount(ctx.db);
  }
  await takeSendSlot(ctx, userId);
  const code = await issueCode(ctx, userId, input.method);
  if (emailTaken && input.method === 'email') {
    // The owner of the address is told instead; the code exists but nobody receives it.
    await mailEmailInUse(ctx, meta.log, input.email, 'individual_registration', slot);
  } else {
    await deliverCode(ctx, meta.log, input.method, target, code, slot, input.language);
    if (emailTaken) void mailEmailInUse(ctx, meta.log, input.email, 'individual_registration');
  }
  const user = await getUser(ctx, userId);
  const session = await startSession(ctx, user, meta);
  return { user, session, verification: verificationInfo(input.method, target) };
}

async function unconfirmedTarget(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.query<{
    kind: string;
    email: string;
    phone: string | null;
    confirmed_at: Date | null;
    unclaimed: boolean;
    language: Language;
  }>(
    `select kind, coalesce(claimed_email, email) as email, phone, confirmed_at,
            claimed_email is not null as unclaimed, language
       from users where id = $1`,
    [userId],
  );
  if (row?.kind !== 'individual') {
    throw new AppError('forbidden', 'This is for individual accounts');
  }
  return row;
}

/** `POST /auth/verify/individual`: the code confirms the account. */
export async function confirmIndividual(
  ctx: AppContext,
  userId: string,
  input: { code: string },
  meta: { ip: string },
) {
  const account = await unconfirmedTarget(ctx, userId);
  if (account.confirmed_at) return getUser(ctx, userId);
  const now = ctx.clock.now();
  // The code itself dies after MAX_CODE_ATTEMPTS; the address is limited across accounts.
  const attempt: Attempt = { action: 'confirm', ip: meta.ip };
  await assertNotLocked(ctx, attempt);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [live] = await tx.query<{ code_hash: string; attempts: number; expires_at: Date }>(
      'select code_hash, attempts, expires_at from verification_codes where user_id = $1 for update',
      [userId],
    );
    if (!live || live.attempts >= MAX_CODE_ATTEMPTS || live.expires_at <= now) {
      return 'expired' as const;
    }
    if (!constantTimeEqual(live.code_hash, codeHash(ctx, userId, input.code))) {
      await tx.query('update verification_codes set attempts = attempts + 1 where user_id = $1', [
        userId,
      ]);
      return 'wrong' as const;
    }
    await tx.query('delete from verification_codes where user_id = $1', [userId]);
    await tx.query('update users set confirmed_at = $2 where id = $1 and confirmed_at is null', [
      userId,
      now,
    ]);
    return 'confirmed' as const;
  });
  if (outcome === 'expired') throw codeExpired();
  if (outcome === 'wrong') {
    await recordFailure(ctx, attempt);
    throw new AppError('invalid_code');
  }
  return getUser(ctx, userId);
}

/** `POST /auth/resend-code`: a new code by the chosen method, within the send limits. */
export async function resendCode(
  ctx: AppContext,
  userId: string,
  method: VerificationMethod,
  meta: { log: FastifyBaseLogger },
) {
  const account = await unconfirmedTarget(ctx, userId);
  if (account.confirmed_at) {
    throw new AppError('bad_request', 'The account is already confirmed');
  }
  if (method === 'sms' && !account.phone) {
    throw new AppError('bad_request', 'No phone number on this account');
  }
  await takeSendSlot(ctx, userId);
  const target = { phone: account.phone ?? '', email: account.email };
  const slot = await takeDestinationSlot(ctx, method, addressOf(method, target));
  const code = await issueCode(ctx, userId, method);
  if (account.unclaimed && method === 'email') {
    await mailEmailInUse(ctx, meta.log, account.email, 'individual_registration', slot);
  } else {
    await deliverCode(ctx, meta.log, method, target, code, slot, account.language);
  }
  return verificationInfo(method, target);
}
