import {
  forgotPasswordSchema,
  loginAnswerSchema,
  loginRequestSchema,
  meSchema,
  refreshedSchema,
  resetPasswordSchema,
  resetTokenCheckSchema,
  resetTokenStatusSchema,
  sessionKindQuerySchema,
  signedInSchema,
  successOnlySchema,
  verifyTwoFactorSchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import {
  ANY_SESSION_PROBLEMS,
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
  SESSION_PROBLEMS,
} from '../../lib/contract.ts';
import { getMembership } from '../organizations/index.ts';
import { login } from './auth.service.ts';
import { requireSession, requireUser } from './authenticate.ts';
import {
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service.ts';
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
  signedInAnswer,
} from './signed-in.ts';
import { completeTwoFactorLogin } from './two-factor.service.ts';
import { getUser } from './users.service.ts';

export async function authRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const signedIn = guard((request) => requireUser(ctx, request));
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    cookies: request.cookies,
  });

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with email and password (any kind of account)',
        tags: ['Sessions'],
        security: [],
        body: loginRequestSchema,
        response: {
          200: loginAnswerSchema,
          ...problemAnswers(BODY_PROBLEMS, ['invalid_credentials', 'account_locked']),
        },
      },
    },
    async (request, reply) => {
      const outcome = await login(ctx, request.body, meta(request));
      if (outcome.step === 'two_factor') {
        reply.header('Cache-Control', 'no-store');
        return {
          success: true as const,
          requires2FA: true as const,
          twoFactorToken: outcome.twoFactorToken,
          message: 'Two-step verification required',
        };
      }
      return signedInAnswer(ctx, reply, outcome.user, outcome.session);
    },
  );

  app.post(
    '/auth/verify-2fa',
    {
      schema: {
        summary: 'Complete a sign-in with the two-step code (or a recovery code)',
        tags: ['Sessions'],
        security: [],
        body: verifyTwoFactorSchema,
        response: {
          200: signedInSchema,
          ...problemAnswers(BODY_PROBLEMS, ANY_SESSION_PROBLEMS, [
            { code: 'invalid_code', status: 401 },
            'account_locked',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await completeTwoFactorLogin(ctx, request.body, meta(request));
      return signedInAnswer(ctx, reply, user, session);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Mail a password reset link (the same answer whether the account exists)',
        tags: ['Sessions'],
        security: [],
        body: forgotPasswordSchema,
        response: {
          202: successOnlySchema,
          ...problemAnswers(BODY_PROBLEMS, ['too_many_requests']),
        },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, { ip: request.ip, log: request.log });
      return reply.code(202).send({ success: true });
    },
  );

  app.post(
    '/auth/reset-password/check',
    {
      schema: {
        summary: "Whether a reset link's token still works, without using it",
        description:
          'The reset page asks this when it opens, to say at once that a link is unknown, used or expired. The token goes in the body, never in the address (addresses are logged).',
        tags: ['Sessions'],
        security: [],
        body: resetTokenCheckSchema,
        response: { 200: resetTokenStatusSchema, ...problemAnswers(BODY_PROBLEMS) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { valid: await isResetTokenValid(ctx, request.body.token) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: "Set a new password with the reset link's token",
        tags: ['Sessions'],
        security: [],
        body: resetPasswordSchema,
        response: {
          200: successOnlySchema,
          ...problemAnswers(BODY_PROBLEMS, ['reset_token_invalid']),
        },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body, { ip: request.ip });
      return { success: true as const };
    },
  );

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
