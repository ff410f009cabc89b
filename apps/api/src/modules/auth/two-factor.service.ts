import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { lookupHashes, seal, unseal } from '../../lib/key-ring.ts';
import { verifyPassword } from '../../lib/password.ts';
import { generateSecret, hasValidChecksum } from '../../lib/secret-format.ts';
import { generateTotpSecret, matchTotp, otpauthUrl, verifyTotp } from '../../lib/totp.ts';
import { queueAccountNotice } from '../account-notices/index.ts';
import { type Cookies, newDeviceNotice, trustedDeviceOf } from './device-cookie.ts';
import { type Attempt, assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import { startSession } from './sessions.service.ts';
import { getUser } from './users.service.ts';

const CHALLENGE_PREFIX = 'tq2fa_';
export const TWO_FACTOR_TOKEN_TTL_MS = 5 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
// 32 symbols without l, o, 0 and 1 (easily confused): 5 bits each, 50 bits per code.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const invalidCode = (status: 400 | 401) =>
  new AppError('invalid_code', 'The verification code is incorrect', {
    status,
  });
/** A right code whose time step was already used: the person waits for the next one. */
export const codeAlreadyUsed = (status: 400 | 401 = 400) =>
  new AppError('two_factor_code_used', 'This two-step code was already used', { status });

/** What a typed second factor was: accepted (and now used), wrong, or right but already used. */
export type SecondFactorOutcome = 'ok' | 'invalid' | 'already_used';

/** The error a refused second factor answers. */
export const secondFactorError = (
  outcome: Exclude<SecondFactorOutcome, 'ok'>,
  status: 400 | 401 = 400,
) => (outcome === 'already_used' ? codeAlreadyUsed(status) : invalidCode(status));

const challengeInvalid = () =>
  new AppError('session_expired', 'The verification step has ended, sign in again');

/** A code tried by a signed-in user (enable, disable): counted for the account and the address. */
const accountAttempt = (userId: string, ip: string): Attempt => ({
  action: '2fa',
  subject: { account: userId },
  ip,
});

/** The token of the second sign-in step: stored as a keyed hash, 5 minutes, single use. */
export async function createTwoFactorChallenge(ctx: AppContext, userId: string, remember: boolean) {
  const token = generateSecret(CHALLENGE_PREFIX, 32);
  await ctx.db.query(
    `insert into two_factor_challenges (token_hash, user_id, remember, expires_at)
     values ($1, $2, $3, $4)`,
    [
      hmacSha256(ctx.keys.pepper, token),
      userId,
      remember,
      new Date(ctx.clock.now().getTime() + TWO_FACTOR_TOKEN_TTL_MS),
    ],
  );
  return token;
}

function normalizeRecoveryCode(code: string): string | null {
  const clean = code.toLowerCase().replace(/[\s-]/g, '');
  return clean.length === 10 && [...clean].every((c) => RECOVERY_ALPHABET.includes(c))
    ? clean
    : null;
}

const recoveryInput = (userId: string, normalized: string) => `recovery:${userId}:${normalized}`;
const recoveryHash = (ctx: AppContext, userId: string, normalized: string) =>
  hmacSha256(ctx.keys.pepper, recoveryInput(userId, normalized));

function newRecoveryCode(): string {
  let text = '';
  for (let index = 0; index < 10; index++) text += RECOVERY_ALPHABET[randomInt(32)];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

const readSecret = (ctx: AppContext, userId: string, sealed: string) =>
  unseal(ctx.keys.twoFactorSecret, sealed, `totp:${userId}`).toString('utf8');

/**
 * Checks a second factor of an enabled account and uses it up: a TOTP code moves the account's
 * last used step forward (atomically, so a code is accepted once), a recovery code is marked used.
 * A right TOTP code of a step already used is `already_used` (issue 32.9: the person waits for the
 * next code rather than reading "incorrect").
 */
export async function checkSecondFactor(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  code: string,
): Promise<SecondFactorOutcome> {
  const [row] = await db.query<{
    two_factor_secret_encrypted: string | null;
    two_factor_last_step: string | number | null;
  }>('select two_factor_secret_encrypted, two_factor_last_step from users where id = $1', [userId]);
  if (!row?.two_factor_secret_encrypted) return 'invalid';
  const trimmed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const lastStep = row.two_factor_last_step === null ? null : Number(row.two_factor_last_step);
    const secret = readSecret(ctx, userId, row.two_factor_secret_encrypted);
    const step = matchTotp(secret, trimmed, ctx.clock.now().getTime());
    if (step === null) return 'invalid';
    if (lastStep !== null && step <= lastStep) return 'already_used';
    const updated = await db.query(
      `update users set two_factor_last_step = $2
        where id = $1 and (two_factor_last_step is null or two_factor_last_step < $2)
        returning id`,
      [userId, step],
    );
    // Another request used this step (or a later one) a moment ago.
    return updated.length === 1 ? 'ok' : 'already_used';
  }
  const normalized = normalizeRecoveryCode(trimmed);
  if (!normalized) return 'invalid';
  const used = await db.query(
    `update two_factor_recovery_codes set used_at = $3
      where code_hash = any($1::text[]) and user_id = $2 and used_at is null
      returning code_hash`,
    [lookupHashes(ctx.keys.peppers, recoveryInput(userId, normalized)), userId, ctx.clock.now()],
  );
  return used.length === 1 ? 'ok' : 'invalid';
}

/** `POST /auth/verify-2fa`: the second step of a sign-in; answers a session like a login. */
export async function completeTwoFactorLogin(
  ctx: AppContext,
  input: { token: string; code: string },
  meta: { ip: string; userAgent?: string; cookies: Cookies },
) {
  if (!hasValidChecksum(CHALLENGE_PREFIX, input.token)) throw challengeInvalid();
  const now = ctx.clock.now();
  const tokenHash = hmacSha256(ctx.keys.pepper, input.token);
  const [challenge] = await ctx.db.query<{
    user_id: string;
    remember: boolean;
    expires_at: Date;
    used_at: Date | null;
  }>(
    'select user_id, remember, expires_at, used_at from two_factor_challenges where token_hash = $1',
    [tokenHash],
  );
  if (!challenge || challenge.used_at || challenge.expires_at <= now) throw challengeInvalid();
  const user = await getUser(ctx, challenge.user_id);
  // Like the password step: the account's own browsers are not locked by failures elsewhere.
  const device = trustedDeviceOf(ctx, meta.cookies, user);
  const attempt: Attempt = device
    ? { action: '2fa', subject: { device }, ip: meta.ip }
    : accountAttempt(user.id, meta.ip);
  await assertNotLocked(ctx, attempt);

  const ok = await ctx.db
    .transaction(async (tx) => {
      const [claimed] = await tx.query(
        `update two_factor_challenges set used_at = $2
        where token_hash = $1 and used_at is null and expires_at > $2
        returning token_hash`,
        [tokenHash, now],
      );
      if (!claimed) return 'gone' as const;
      // A wrong code rolls the claim back: the token stays usable until it expires.
      const outcome = await checkSecondFactor(ctx, tx, challenge.user_id, input.code);
      if (outcome !== 'ok') throw secondFactorError(outcome, 401);
      return 'ok' as const;
    })
    .catch(async (error) => {
      if (
        error instanceof AppError &&
        (error.code === 'invalid_code' || error.code === 'two_factor_code_used')
      ) {
        await recordFailure(ctx, attempt);
      }
      throw error;
    });
  if (ok === 'gone') throw challengeInvalid();
  await clearFailures(ctx, attempt);
  const session = await startSession(ctx, user, meta, {
    persistent: challenge.remember,
    alsoWrite: newDeviceNotice(ctx, user, device, meta),
  });
  return { user, session };
}

/** `POST /profile/2fa/setup`: a new secret, pending until its first code is confirmed. */
export async function setupTwoFactor(ctx: AppContext, userId: string) {
  const user = await getUser(ctx, userId);
  if (user.two_factor_enabled) {
    throw new AppError('two_factor_already_enabled', 'Two-step verification is already on');
  }
  const secret = generateTotpSecret();
  await ctx.db.query('update users set two_factor_pending_secret_encrypted = $2 where id = $1', [
    userId,
    seal(ctx.keys.twoFactorSecret, secret, `totp:${userId}`),
  ]);
  const url = otpauthUrl(secret, user.email);
  // Loaded here, not at start: few requests need it (docs/capacity.md, start to ready).
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: url, qr_svg: qrSvg };
}

/**
 * `POST /profile/2fa/enable`: the first code turns it on; answers the recovery codes once. The
 * account's email is told (and when it is turned off).
 */
export async function enableTwoFactor(
  ctx: AppContext,
  userId: string,
  code: string,
  meta: { ip: string },
) {
  const now = ctx.clock.now();
  const attempt = accountAttempt(userId, meta.ip);
  await assertNotLocked(ctx, attempt);
  const [row] = await ctx.db.query<{
    two_factor_pending_secret_encrypted: string | null;
    two_factor_enabled_at: Date | null;
  }>('select two_factor_pending_secret_encrypted, two_factor_enabled_at from users where id = $1', [
    userId,
  ]);
  if (row?.two_factor_enabled_at) {
    throw new AppError('two_factor_already_enabled', 'Two-step verification is already on');
  }
  if (!row?.two_factor_pending_secret_encrypted) {
    throw new AppError('two_factor_not_enabled', 'Start the two-step set-up first');
  }
  const secret = readSecret(ctx, userId, row.two_factor_pending_secret_encrypted);
  const step = verifyTotp(secret, code, now.getTime());
  if (step === null) {
    await recordFailure(ctx, attempt);
    throw invalidCode(400);
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update users set two_factor_secret_encrypted = two_factor_pending_secret_encrypted,
              two_factor_pending_secret_encrypted = null,
              two_factor_enabled_at = $2, two_factor_last_step = $3
        where id = $1`,
      [userId, now, step],
    );
    await tx.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
    for (const recovery of recoveryCodes) {
      await tx.query('insert into two_factor_recovery_codes (code_hash, user_id) values ($1, $2)', [
        recoveryHash(ctx, userId, normalizeRecoveryCode(recovery)!),
        userId,
      ]);
    }
    await queueAccountNotice(ctx, tx, userId, { kind: 'two_factor_enabled' }, meta);
  });
  await clearFailures(ctx, attempt);
  return { recovery_codes: recoveryCodes };
}

/** `POST /profile/2fa/disable`: needs the password and a current code (or a recovery code). */
export async function disableTwoFactor(
  ctx: AppContext,
  userId: string,
  input: { password: string; code: string },
  meta: { ip: string },
) {
  const attempt = accountAttempt(userId, meta.ip);
  await assertNotLocked(ctx, attempt);
  const [row] = await ctx.db.query<{ password_hash: string; two_factor_enabled_at: Date | null }>(
    'select password_hash, two_factor_enabled_at from users where id = $1',
    [userId],
  );
  if (!row?.two_factor_enabled_at) {
    throw new AppError('two_factor_not_enabled', 'Two-step verification is not on');
  }
  if (!(await verifyPassword(input.password, row.password_hash))) {
    await recordFailure(ctx, attempt);
    throw new AppError('current_password_invalid', 'The password is incorrect');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const checked = await checkSecondFactor(ctx, tx, userId, input.code);
    if (checked !== 'ok') return checked;
    await tx.query(
      `update users set two_factor_secret_encrypted = null, two_factor_pending_secret_encrypted = null,
              two_factor_enabled_at = null, two_factor_last_step = null
        where id = $1`,
      [userId],
    );
    await tx.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
    await tx.query('delete from two_factor_challenges where user_id = $1', [userId]);
    await queueAccountNotice(ctx, tx, userId, { kind: 'two_factor_disabled' }, meta);
    return 'ok' as const;
  });
  if (outcome !== 'ok') {
    await recordFailure(ctx, attempt);
    throw secondFactorError(outcome, 400);
  }
  await clearFailures(ctx, attempt);
  return { success: true };
}
