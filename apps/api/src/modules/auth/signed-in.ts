import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { getMembership } from '../organizations/organizations.service.ts';
import type { UserRecord } from './auth.service.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type IssuedSession } from './sessions.service.ts';

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to the auth routes. */
export const REFRESH_COOKIE = 'tanqin_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

export function setRefreshCookie(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  expires: Date,
) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: REFRESH_COOKIE_PATH,
    expires,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}

export function presentOrganization(membership: Awaited<ReturnType<typeof getMembership>>) {
  if (!membership) return null;
  const { organization: o, role } = membership;
  return {
    id: o.id,
    name: o.name,
    type: o.type,
    email: o.email,
    client_id: o.client_id,
    created_at: o.created_at,
    role,
  };
}

/**
 * The answer of a completed sign-in (login, accepting an invitation): access token in the body,
 * refresh token in its cookie, the user and their organisation with their role.
 */
export async function signedInResponse(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRecord,
  session: IssuedSession,
) {
  setRefreshCookie(ctx, reply, session.refreshToken, session.refreshExpiresAt);
  reply.header('Cache-Control', 'no-store');
  return {
    success: true,
    message: 'Login successful',
    token: session.accessToken,
    access_token: session.accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user,
    organization: presentOrganization(await getMembership(ctx, user.id)),
  };
}
