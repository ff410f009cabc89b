import { contactMessageSchema } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { submitContactMessage } from './contact.service.ts';

/** POST /api/v1/contact: the public contact form; no sign-in, limited per address. */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/contact', async (request, reply) => {
    const input = parseInput(contactMessageSchema, request.body);
    const { id, mailError } = await submitContactMessage(ctx, input, { ip: request.ip });
    if (mailError)
      request.log.error({ err: mailError, contactMessageId: id }, 'contact mail failed');
    return reply.code(201).send({ success: true, id });
  });
}
