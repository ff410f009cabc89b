import { confirmDestinationSchema, destinationConfirmedSchema } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { BODY_PROBLEMS, type ContractApp, problemAnswers } from '../../lib/contract.ts';
import { confirmDestination } from './destination-confirmation.service.ts';

/** The owner of a mailbox an organisation named confirms its alerts (no sign-in: the token). */
export function destinationConfirmationRoutes(app: ContractApp, ctx: AppContext) {
  app.post(
    '/notification-destinations/confirm',
    {
      schema: {
        summary: "The owner of an email address confirms an organisation's security alerts",
        description:
          'Called by the /confirm-destination page when its button is pressed (opening the ' +
          'mailed link confirms nothing: mail scanners open links). The token goes in the body, ' +
          'never in the address.',
        tags: ['Public pages'],
        security: [],
        body: confirmDestinationSchema,
        response: {
          200: destinationConfirmedSchema,
          ...problemAnswers(BODY_PROBLEMS, ['destination_token_invalid']),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const confirmed = await confirmDestination(ctx, request.body.token);
      return { success: true as const, ...confirmed };
    },
  );
}
