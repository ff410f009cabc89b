import { loginSchema } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
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
import {
  clearRefreshCookie,
  presentOrganization,
  REFRESH_COOKIE,
  setRefreshCookie,
  signedInResponse,
} from './signed-in.ts';

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/auth/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const { user, session } = await login(ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return signedInResponse(ctx, reply, user, session);
  });

  app.post('/auth/refresh', async (request, reply) => {
    try {
      const session = await rotateRefreshToken(ctx, request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(ctx, reply, session.refreshToken, session.refreshExpiresAt);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true,
        token: session.accessToken,
        access_token: session.accessToken,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  app.post('/auth/logout', async (request, reply) => {
    await endSessionByRefreshToken(ctx, request.cookies[REFRESH_COOKIE]);
    const principal = await requireUser(ctx, request).catch(() => undefined);
    if (principal) await endSession(ctx, principal.sessionId);
    clearRefreshCookie(reply);
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
