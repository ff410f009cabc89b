import {
  individualRegistrationSchema,
  resendCodeSchema,
  VERIFICATION_RESEND_AFTER_SECONDS,
  verifyIndividualSchema,
} from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { signedInAnswer } from '../auth/auth.routes.ts';
import { confirmIndividual, registerIndividual, resendCode } from './individuals.service.ts';

export async function individualRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Both paths register an individual (the web falls back from one to the other on 404).
  for (const path of ['/auth/register/individual', '/auth/register']) {
    app.post(path, async (request, reply) => {
      const input = parseInput(individualRegistrationSchema, request.body);
      const { user, session, verification } = await registerIndividual(ctx, input, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        log: request.log,
      });
      const answer = await signedInAnswer(ctx, reply, user, session);
      return reply.code(201).send({ ...answer, requiresConfirmation: true, verification });
    });
  }

  app.post('/auth/verify/individual', async (request, reply) => {
    const principal = await requireUser(ctx, request);
    const input = parseInput(verifyIndividualSchema, request.body);
    const user = await confirmIndividual(ctx, principal.userId, input, { ip: request.ip });
    reply.header('Cache-Control', 'no-store');
    return { success: true, user };
  });

  app.post('/auth/resend-code', async (request) => {
    const principal = await requireUser(ctx, request);
    const input = parseInput(resendCodeSchema, request.body ?? {});
    const verification = await resendCode(ctx, principal.userId, input.method, {
      log: request.log,
    });
    return { success: true, resend_after: VERIFICATION_RESEND_AFTER_SECONDS, verification };
  });
}
