import {
  loginAnswerSchema,
  loginRequestSchema,
  signedInSchema,
  verifyTwoFactorSchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import {
  ANY_SESSION_PROBLEMS,
  BODY_PROBLEMS,
  type ContractApp,
  problemAnswers,
} from '../../lib/contract.ts';
import { login } from './auth.service.ts';
import { currentSessionRoutes } from './current-session.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { signedInAnswer } from './signed-in.ts';
import { completeTwoFactorLogin } from './two-factor.service.ts';

/**
 * Signing in (password, then the second factor), then the password reset
 * (password-reset.routes.ts) and the session a browser holds (current-session.routes.ts), in
 * that order.
 */
export async function authRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
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
            { code: 'two_factor_code_used', status: 401 },
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

  passwordResetRoutes(app, ctx);
  currentSessionRoutes(app, ctx);
}
