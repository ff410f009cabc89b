import {
  changePasswordSchema,
  confirmContactSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  profileLanguageSchema,
  profileSchema,
  profileUpdateSchema,
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
import {
  disableTwoFactor,
  enableTwoFactor,
  requireIndividual,
  requireUser,
  setupTwoFactor,
} from '../auth/index.ts';
import { confirmContactChange } from './contact-change.service.ts';
import { changePassword, getProfile, saveLanguage, updateProfile } from './profile.service.ts';

/**
 * The personal profile (individuals), and the account's password and two-step settings (every
 * user: organisation staff share the users table and the same sign-in).
 */
export async function profileRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const person = guard((request) => requireIndividual(ctx, request));
  const signedIn = guard((request) => requireUser(ctx, request));
  const PERSON_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden'] as const;

  app.get(
    '/profile',
    {
      schema: {
        summary: "The individual's profile and settings",
        tags: ['Profile'],
        response: { 200: profileSchema, ...problemAnswers(PERSON_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getProfile(ctx, person.of(request).userId);
    },
  );

  app.patch(
    '/profile',
    {
      schema: {
        summary:
          'Save the profile settings (the national id cannot change); a new email or phone waits for the code sent to it',
        tags: ['Profile'],
        body: profileUpdateSchema,
        response: {
          200: profileSchema,
          ...problemAnswers(BODY_PROBLEMS, PERSON_PROBLEMS, [
            'too_many_requests',
            'destination_limited',
          ]),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return updateProfile(ctx, person.of(request).userId, request.body, {
        ip: request.ip,
        log: request.log,
      });
    },
  );

  app.put(
    '/profile/language',
    {
      schema: {
        summary: "Save the person's language (the header's language switch, while signed in)",
        description:
          'The same preference as `language` in PATCH /profile: the interface language on every device the person signs in on, and the language of their messages.',
        tags: ['Profile'],
        body: profileLanguageSchema,
        response: { 200: profileSchema, ...problemAnswers(BODY_PROBLEMS, PERSON_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { userId } = person.of(request);
      await saveLanguage(ctx, userId, request.body.language);
      return getProfile(ctx, userId);
    },
  );

  app.post(
    '/profile/contact/confirm',
    {
      schema: {
        summary: 'Apply a new email or phone with the 6-digit code sent to it',
        tags: ['Profile'],
        body: confirmContactSchema,
        response: {
          200: profileSchema,
          ...problemAnswers(BODY_PROBLEMS, PERSON_PROBLEMS, [
            'invalid_code',
            'code_expired',
            'email_taken',
            'account_locked',
          ]),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { userId } = person.of(request);
      await confirmContactChange(ctx, userId, request.body, { ip: request.ip });
      return getProfile(ctx, userId);
    },
  );

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
