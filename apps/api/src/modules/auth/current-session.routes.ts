import {
  meSchema,
  refreshedSchema,
  sessionKindQuerySchema,
  successOnlySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  ANY_SESSION_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
  SESSION_PROBLEMS,
} from '../../lib/contract.ts';
import { getMembership } from '../organizations/index.ts';
import { requireSession, requireUser } from './authenticate.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  endSession,
  endSessionByRefreshToken,
  rotateRefreshToken,
} from './sessions.service.ts';
import {
  presentOrganization,
  REFRESH_COOKIE_PATH,
  REFRESH_COOKIES,
  setRefreshCookie,
} from './signed-in.ts';
import { getUser } from './users.service.ts';

/** The session a browser holds: a new access token, signing out, who is signed in. */
export function currentSessionRoutes(app: ContractApp, ctx: AppContext) {
  const signedIn = guard((request) => requireUser(ctx, request));

  app.post(
    '/auth/refresh',
    {
      schema: {
        summary: 'A new access token for the refresh cookie of the kind of account',
        tags: ['Sessions'],
        security: [],
        querystring: sessionKindQuerySchema,
        response: {
          200: refreshedSchema,
          ...problemAnswers(['validation_failed'], ANY_SESSION_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const { kind } = request.query;
      try {
        const session = await rotateRefreshToken(ctx, request.cookies[REFRESH_COOKIES[kind]]);
        setRefreshCookie(ctx, reply, kind, session);
        reply.header('Cache-Control', 'no-store');
        return {
          success: true as const,
          token: session.accessToken,
          access_token: session.accessToken,
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
        };
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIES[kind], { path: REFRESH_COOKIE_PATH });
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        summary: 'End the session (and its refresh cookie); signed in or not',
        tags: ['Sessions'],
        security: [],
        querystring: sessionKindQuerySchema,
        response: { 200: successOnlySchema, ...problemAnswers(['validation_failed']) },
      },
    },
    async (request, reply) => {
      const principal = await requireSession(ctx, request).catch(() => undefined);
      const kind = principal?.kind ?? request.query.kind;
      await endSessionByRefreshToken(ctx, request.cookies[REFRESH_COOKIES[kind]]);
      if (principal) await endSession(ctx, principal.sessionId);
      reply.clearCookie(REFRESH_COOKIES[kind], { path: REFRESH_COOKIE_PATH });
      return { success: true as const };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        summary: 'The signed-in account and its organisation',
        tags: ['Sessions'],
        response: { 200: meSchema, ...problemAnswers(SESSION_PROBLEMS) },
      },
      preValidation: signedIn.check,
    },
    async (request) => {
      const user = await getUser(ctx, signedIn.of(request).userId);
      return {
        success: true as const,
        user,
        organization: presentOrganization(await getMembership(ctx, user.id)),
      };
    },
  );
}
