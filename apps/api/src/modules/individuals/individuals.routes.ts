import {
  codeResentSchema,
  individualConfirmedSchema,
  individualRegistrationSchema,
  registeredSchema,
  resendCodeSchema,
  VERIFICATION_RESEND_AFTER_SECONDS,
  verifyIndividualSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  ANY_SESSION_PROBLEMS,
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
} from '../../lib/contract.ts';
import { requireSession, signedInAnswer } from '../auth/index.ts';
import { confirmIndividual, registerIndividual, resendCode } from './individuals.service.ts';

export async function individualRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  // The registration's token: before the account is confirmed, it opens these two routes only.
  const signedIn = guard((request) => requireSession(ctx, request));

  // Both paths register an individual (the web falls back from one to the other on 404).
  for (const path of ['/auth/register/individual', '/auth/register']) {
    app.post(
      path,
      {
        schema: {
          summary: 'Register an individual and sign in; a confirmation code is sent',
          tags: ['Individuals'],
          security: [],
          body: individualRegistrationSchema,
          response: {
            201: registeredSchema,
            ...problemAnswers(BODY_PROBLEMS, ['too_many_requests', 'destination_limited']),
          },
        },
      },
      async (request, reply) => {
        const { user, session, verification } = await registerIndividual(ctx, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          log: request.log,
        });
        const answer = await signedInAnswer(ctx, reply, user, session);
        return reply
          .code(201)
          .send({ ...answer, requiresConfirmation: true as const, verification });
      },
    );
  }

  app.post(
    '/auth/verify/individual',
    {
      schema: {
        summary: 'Confirm the account with the code sent by SMS or email',
        tags: ['Individuals'],
        body: verifyIndividualSchema,
        response: {
          200: individualConfirmedSchema,
          ...problemAnswers(BODY_PROBLEMS, ANY_SESSION_PROBLEMS, [
            'invalid_code',
            'code_expired',
            'too_many_requests',
            'account_locked',
            'forbidden',
          ]),
        },
      },
      preValidation: signedIn.check,
    },
    async (request, reply) => {
      const principal = signedIn.of(request);
      const user = await confirmIndividual(ctx, principal.userId, request.body, {
        ip: request.ip,
      });
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, user };
    },
  );

  app.post(
    '/auth/resend-code',
    {
      schema: {
        summary: 'Send a new confirmation code',
        tags: ['Individuals'],
        body: resendCodeSchema,
        response: {
          200: codeResentSchema,
          ...problemAnswers(BODY_PROBLEMS, ANY_SESSION_PROBLEMS, [
            'too_many_requests',
            'destination_limited',
            'bad_request',
            'forbidden',
          ]),
        },
      },
      preValidation: signedIn.check,
    },
    async (request) => {
      const verification = await resendCode(ctx, signedIn.of(request).userId, request.body.method, {
        log: request.log,
      });
      return {
        success: true as const,
        resend_after: VERIFICATION_RESEND_AFTER_SECONDS,
        verification,
      };
    },
  );
}
