import type { LoginInput } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password.ts';
import { type Principal, startSession } from './sessions.service.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_IP = 30;

export interface UserRecord {
  id: string;
  kind: Principal['kind'];
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: Date;
}

const invalidCredentials = () =>
  new AppError('invalid_credentials', 'Invalid email or password', {
    detailAr: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  });

/** Refuses while an account or an address has too many recent failures (brute force). */
async function assertNotLocked(ctx: AppContext, keys: string[], limits: number[], nowMs: number) {
  for (const [index, key] of keys.entries()) {
    if ((await ctx.rateLimits.count(key, FAILURE_WINDOW_MS, nowMs)) >= limits[index]!) {
      throw new AppError('account_locked', 'Too many failed sign-in attempts, try again later', {
        detailAr: 'محاولات دخول فاشلة كثيرة، حاول مرة أخرى بعد 15 دقيقة',
        headers: { 'Retry-After': String(FAILURE_WINDOW_MS / 1000) },
      });
    }
  }
}

export async function login(
  ctx: AppContext,
  input: LoginInput,
  meta: { ip: string; userAgent?: string },
) {
  const nowMs = ctx.clock.now().getTime();
  const email = input.email.toLowerCase();
  const failureKeys = [`login-fail:account:${email}`, `login-fail:ip:${meta.ip}`];
  await assertNotLocked(ctx, failureKeys, [MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP], nowMs);

  const [user] = await ctx.db.query<UserRecord & { password_hash: string }>(
    `select id, kind, email, first_name, last_name, phone, created_at, password_hash
       from users where lower(email) = $1`,
    [email],
  );
  // Unknown email and wrong password take the same time and answer the same.
  const isValid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !isValid) {
    for (const key of failureKeys) await ctx.rateLimits.record(key, FAILURE_WINDOW_MS, nowMs);
    throw invalidCredentials();
  }
  await ctx.rateLimits.clear(failureKeys[0]!);
  const { password_hash: _hash, ...publicUser } = user;
  const session = await startSession(ctx, user, meta);
  return { user: publicUser, session };
}

export async function getUser(ctx: AppContext, userId: string): Promise<UserRecord> {
  const [user] = await ctx.db.query<UserRecord>(
    'select id, kind, email, first_name, last_name, phone, created_at from users where id = $1',
    [userId],
  );
  if (!user) throw new AppError('session_expired', 'The session has ended, sign in again');
  return user;
}
