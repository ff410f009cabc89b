import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password.ts';
import { type IssuedSession, type Principal, startSession } from './sessions.service.ts';
import { createTwoFactorChallenge } from './two-factor.service.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;

export interface UserRecord {
  id: string;
  kind: Principal['kind'];
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: Date;
  /** Organisation users need no confirmation; individuals confirm with a code. */
  confirmed: boolean;
  two_factor_enabled: boolean;
  /** The interface language the person chose in their profile. */
  language: 'ar' | 'en';
}

/** The columns of a user that answers may carry (never hashes, secrets or the national id hash). */
export const USER_COLUMNS = `id, kind, email, first_name, last_name, phone, created_at, language,
  (kind = 'organization' or confirmed_at is not null) as confirmed,
  (two_factor_enabled_at is not null) as two_factor_enabled`;

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid email or password');

/** Refuses while an account or an address has too many recent failures (brute force). */
export async function assertNotLocked(
  ctx: AppContext,
  keys: string[],
  limits: number[],
  nowMs: number,
) {
  for (const [index, key] of keys.entries()) {
    if ((await ctx.rateLimits.count(key, FAILURE_WINDOW_MS, nowMs)) >= limits[index]!) {
      throw new AppError('account_locked', 'Too many failed attempts, try again later', {
        headers: { 'Retry-After': String(FAILURE_WINDOW_MS / 1000) },
      });
    }
  }
}

export async function recordFailures(ctx: AppContext, keys: string[], nowMs: number) {
  for (const key of keys) await ctx.rateLimits.record(key, FAILURE_WINDOW_MS, nowMs);
}

export type LoginOutcome =
  | { step: 'session'; user: UserRecord; session: IssuedSession }
  | { step: 'two_factor'; user: UserRecord; twoFactorToken: string };

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember?: boolean },
  meta: { ip: string; userAgent?: string },
): Promise<LoginOutcome> {
  const nowMs = ctx.clock.now().getTime();
  const email = input.email.toLowerCase();
  const failureKeys = [`login-fail:account:${email}`, `login-fail:ip:${meta.ip}`];
  await assertNotLocked(ctx, failureKeys, [MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP], nowMs);

  const [user] = await ctx.db.query<UserRecord & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where lower(email) = $1`,
    [email],
  );
  // Unknown email and wrong password take the same time and answer the same.
  const isValid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !isValid) {
    await recordFailures(ctx, failureKeys, nowMs);
    throw invalidCredentials();
  }
  await ctx.rateLimits.clear(failureKeys[0]!);
  if (user.two_factor_enabled) {
    // The password alone opens nothing: the second step gets a short-lived, single-use token.
    const twoFactorToken = await createTwoFactorChallenge(ctx, user.id, input.remember ?? true);
    return { step: 'two_factor', user, twoFactorToken };
  }
  // The answer's schema (userSchema) names what leaves: the hash stays here.
  const session = await startSession(ctx, user, meta, { persistent: input.remember ?? true });
  return { step: 'session', user, session };
}

export async function getUser(ctx: AppContext, userId: string): Promise<UserRecord> {
  const [user] = await ctx.db.query<UserRecord>(`select ${USER_COLUMNS} from users where id = $1`, [
    userId,
  ]);
  if (!user) throw new AppError('session_expired', 'The session has ended, sign in again');
  return user;
}
