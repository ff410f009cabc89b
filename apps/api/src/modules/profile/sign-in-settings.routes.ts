import {
  changePasswordSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  successOnlySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
  SESSION_PROBLEMS,
} from '../../lib/contract.ts';
import { disableTwoFactor, enableTwoFactor, requireUser, setupTwoFactor } from '../auth/index.ts';
import { changePassword } from './profile.service.ts';

/** The account's password and two-step verification (/profile/password, /profile/2fa/...). */
export function signInSettingsRoutes(app: ContractApp, ctx: AppContext) {
  const signedIn = guard((request) => requireUser(ctx, request));

  app.post(
    '/profile/password',
    {
      schema: {
        summary: 'Change the password (every other session of the account ends)',
        tags: ['Profile'],
        body: changePasswordSchema,
        response: {
          200: successOnlySchema,
          ...problemAnswers(BODY_PROBLEMS, SESSION_PROBLEMS, [
            'current_password_invalid',
            'account_locked',
          ]),
        },
      },
      preValidation: signedIn.check,
    },
    async (request) => {
      await changePassword(ctx, signedIn.of(request), request.body, { ip: request.ip });
      return { success: true as const };
    },
  );

  app.post(
    '/profile/2fa/setup',
    {
      schema: {
        summary: 'Start two-step verification: a new authenticator secret',
        tags: ['Profile'],
        response: {
          200: twoFactorSetupSchema,
          ...problemAnswers(SESSION_PROBLEMS, ['two_factor_already_enabled']),
        },
      },
      preValidation: signedIn.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return setupTwoFactor(ctx, signedIn.of(request).userId);
    },
  );

  app.post(
    '/profile/2fa/enable',
    {
      schema: {
        summary: "Turn two-step verification on with the authenticator's first code",
        tags: ['Profile'],
        body: enableTwoFactorSchema,
        response: {
          200: twoFactorEnabledSchema,
          ...problemAnswers(BODY_PROBLEMS, SESSION_PROBLEMS, [
            'invalid_code',
            'two_factor_already_enabled',
            'bad_request',
          ]),
        },
      },
      preValidation: signedIn.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const enabled = await enableTwoFactor(ctx, signedIn.of(request).userId, request.body.code, {
        ip: request.ip,
      });
      return { success: true as const, ...enabled };
    },
  );

  app.post(
    '/profile/2fa/disable',
    {
      schema: {
        summary: 'Turn two-step verification off (password and a current or recovery code)',
        tags: ['Profile'],
        body: disableTwoFactorSchema,
        response: {
          200: successOnlySchema,
          ...problemAnswers(BODY_PROBLEMS, SESSION_PROBLEMS, [
            'invalid_code',
            'two_factor_code_used',
            'two_factor_not_enabled',
            'current_password_invalid',
            'account_locked',
          ]),
        },
      },
      preValidation: signedIn.check,
    },
    async (request) => {
      await disableTwoFactor(ctx, signedIn.of(request).userId, request.body, { ip: request.ip });
      return { success: true as const };
    },
  );
}
