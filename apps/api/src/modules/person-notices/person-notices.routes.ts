import { personNoticeListSchema, personNoticesReadSchema } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, guard, problemAnswers, SESSION_PROBLEMS } from '../../lib/contract.ts';
import { requireProvenIndividual } from '../auth/index.ts';
import { listUnreadNotices, markNoticesRead } from './person-notices.service.ts';

const tags = ['Individuals'];
/** An individual whose national id is not proven has no notices to see: 403 identity_unverified. */
const PERSON_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden', 'identity_unverified'] as const;

/** The person's notices in the app: what was issued and used since they last looked. */
export async function personNoticeRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const person = guard((request) => requireProvenIndividual(ctx, request));

  app.get(
    '/me/notices',
    {
      schema: {
        summary:
          'The unread notices of issues and uses of the codes issued for the individual (field names only)',
        description:
          'Empty while the profile’s app notifications (`notifications.app`) are off. Email and ' +
          'SMS notices are sent by the server as the other two switches choose.',
        tags,
        response: { 200: personNoticeListSchema, ...problemAnswers(PERSON_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listUnreadNotices(ctx, person.of(request).userId);
    },
  );

  app.post(
    '/me/notices/read',
    {
      schema: {
        summary: 'Mark every notice read',
        tags,
        response: { 200: personNoticesReadSchema, ...problemAnswers(PERSON_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return markNoticesRead(ctx, person.of(request).userId);
    },
  );
}
