import {
  confirmContactSchema,
  profileLanguageSchema,
  profileSchema,
  profileUpdateSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
  SESSION_PROBLEMS,
} from '../../lib/contract.ts';
import { requireIndividual } from '../auth/index.ts';
import { confirmContactChange } from './contact-change.service.ts';
import { getProfile, saveLanguage, updateProfile } from './profile.service.ts';
import { signInSettingsRoutes } from './sign-in-settings.routes.ts';

/**
 * The personal profile (individuals), then the account's password and two-step settings (every
 * user: organisation staff share the users table and the same sign-in), in
 * sign-in-settings.routes.ts.
 */
export async function profileRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const person = guard((request) => requireIndividual(ctx, request));
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

  signInSettingsRoutes(app, ctx);
}
