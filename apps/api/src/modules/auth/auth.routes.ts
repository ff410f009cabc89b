import { loginSchema } from '@tanqin/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { getMembership } from '../organizations/organizations.service.ts';
import { getUser, login } from './auth.service.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  endSession,
  endSessionByRefreshToken,
  rotateRefreshToken,
} from './sessions.service.ts';

export const REFRESH_COOKIE = 'tanqin_refresh';
const REFRESH_COOKIE_PATH = '/api/v1/auth';

function presentOrganization(membership: Awaited<ReturnType<typeof getMembership>>) {
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

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const isSecure = ctx.config.publicUrl.startsWith('https://');
  const setRefreshCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecure,
      path: REFRESH_COOKIE_PATH,
      expires,
    });

  app.post('/auth/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const { user, session } = await login(ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setRefreshCookie(reply, session.refreshToken, session.refreshExpiresAt);
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
  });

  app.post('/auth/refresh', async (request, reply) => {
    try {
      const session = await rotateRefreshToken(ctx, request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, session.refreshToken, session.refreshExpiresAt);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true,
        token: session.accessToken,
        access_token: session.accessToken,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      throw error;
    }
  });

  app.post('/auth/logout', async (request, reply) => {
    await endSessionByRefreshToken(ctx, request.cookies[REFRESH_COOKIE]);
    const principal = await requireUser(ctx, request).catch(() => undefined);
    if (principal) await endSession(ctx, principal.sessionId);
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
    return { success: true };
  });

  app.get('/auth/me', async (request) => {
    const principal = await requireUser(ctx, request);
    const user = await getUser(ctx, principal.userId);
    return {
      success: true,
      user,
      organization: presentOrganization(await getMembership(ctx, user.id)),
    };
  });
}
