import { contactMessageAcceptedSchema, contactMessageSchema } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, problemResponses } from '../../lib/contract.ts';
import { submitContactMessage } from './contact.service.ts';

/** POST /api/v1/contact: the public contact form; no sign-in, limited per address. */
export async function contactRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  app.post(
    '/contact',
    {
      schema: {
        summary: 'Send a message to the operator (the contact form)',
        tags: ['Public pages'],
        security: [],
        body: contactMessageSchema,
        response: {
          201: contactMessageAcceptedSchema,
          ...problemResponses({
            validation_failed: 'a field is missing or invalid',
            invalid_json: 'the body is not JSON',
            too_many_requests: `more than the hourly limit of messages from one address`,
          }),
        },
      },
      // The privacy page: the sender's address is kept neither in the database nor in the log.
      config: { logClientAddress: false },
    },
    async (request, reply) => {
      const { id, mailError } = await submitContactMessage(ctx, request.body, { ip: request.ip });
      if (mailError)
        request.log.error({ err: mailError, contactMessageId: id }, 'contact mail failed');
      return reply.code(201).send({ success: true, id });
    },
  );
}
