import {
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenCheckSchema,
  resetTokenStatusSchema,
  successOnlySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { BODY_PROBLEMS, type ContractApp, problemAnswers } from '../../lib/contract.ts';
import {
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service.ts';

/** A forgotten password: the emailed link, its check, the new password (no sign-in). */
export function passwordResetRoutes(app: ContractApp, ctx: AppContext) {
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
}
