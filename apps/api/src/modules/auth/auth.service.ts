import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password.ts';
import { type Cookies, newDeviceNotice, trustedDeviceOf } from './device-cookie.ts';
import { type Attempt, assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import { type IssuedSession, startSession } from './sessions.service.ts';
import { createTwoFactorChallenge } from './two-factor.service.ts';
import { USER_COLUMNS, type UserRecord } from './users.service.ts';

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid email or password');

export type LoginOutcome =
  | { step: 'session'; user: UserRecord; session: IssuedSession }
  | { step: 'two_factor'; user: UserRecord; twoFactorToken: string };

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember?: boolean },
  meta: { ip: string; userAgent?: string; cookies: Cookies },
): Promise<LoginOutcome> {
  const email = input.email.toLowerCase();
  const [user] = await ctx.db.query<UserRecord & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where lower(email) = $1`,
    [email],
  );
  // The account's own browsers count apart; unknown ones (and unknown emails) count by email.
  const device = user && trustedDeviceOf(ctx, meta.cookies, user);
  const attempt: Attempt = {
    action: 'login',
    subject: device ? { device } : { account: email },
    ip: meta.ip,
  };
  await assertNotLocked(ctx, attempt);
  // Unknown email and wrong password take the same time and answer the same.
  const isValid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !isValid) {
    await recordFailure(ctx, attempt);
    throw invalidCredentials();
  }
  await clearFailures(ctx, attempt);
  if (user.two_factor_enabled) {
    // The password alone opens nothing: the second step gets a short-lived, single-use token.
    const twoFactorToken = await createTwoFactorChallenge(ctx, user.id, input.remember ?? true);
    return { step: 'two_factor', user, twoFactorToken };
  }
  // The answer's schema (userSchema) names what leaves: the hash stays here.
  const session = await startSession(ctx, user, meta, {
    persistent: input.remember ?? true,
    alsoWrite: newDeviceNotice(ctx, user, device, meta),
  });
  return { step: 'session', user, session };
}
