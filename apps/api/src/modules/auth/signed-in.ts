import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { getMembership } from '../organizations/index.ts';
import { setDeviceCookie } from './device-cookie.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type IssuedSession,
  type Principal,
} from './sessions.service.ts';
import type { UserRecord } from './users.service.ts';

/*
 * What a completed sign-in hands the browser, for every route that signs someone in (login,
 * two-step code, registration, an accepted invitation): other modules use it from here.
 */

/**
 * One refresh cookie per kind of account, so a browser signed in to an organisation and as a
 * person keeps both sessions apart; refresh and logout name the kind (`?kind=individual`).
 */
export const REFRESH_COOKIES = {
  organization: 'tanqin_refresh',
  individual: 'tanqin_refresh_individual',
} as const satisfies Record<Principal['kind'], string>;
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** The member's organisation with their role (the answer's schema keeps what it names). */
export function presentOrganization(membership: Awaited<ReturnType<typeof getMembership>>) {
  return membership ? { ...membership.organization, role: membership.role } : null;
}

/** The refresh cookie: httpOnly, SameSite strict; without "remember me" it ends with the browser. */
export function setRefreshCookie(
  ctx: AppContext,
  reply: FastifyReply,
  kind: Principal['kind'],
  session: IssuedSession,
) {
  reply.setCookie(REFRESH_COOKIES[kind], session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: REFRESH_COOKIE_PATH,
    ...(session.persistent ? { expires: session.refreshExpiresAt } : {}),
  });
}

/**
 * The answer of a completed sign-in (login, verify-2fa, registration): token, user, the refresh
 * cookie, and a device cookie that keeps this browser out of lockouts caused elsewhere.
 */
export async function signedInAnswer(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRecord,
  session: IssuedSession,
) {
  setRefreshCookie(ctx, reply, user.kind, session);
  setDeviceCookie(ctx, reply, user);
  reply.header('Cache-Control', 'no-store');
  return {
    success: true as const,
    message: 'Login successful',
    token: session.accessToken,
    access_token: session.accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user,
    organization: presentOrganization(await getMembership(ctx, user.id)),
    // An individual who has not confirmed yet: the web shows the code step.
    ...(user.confirmed ? {} : { requiresConfirmation: true as const }),
  };
}
