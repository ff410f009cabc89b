import {
  deliveryReplayedSchema,
  notificationDeliveriesPageSchema,
  notificationDeliveriesQuerySchema,
  notificationTestResultSchema,
  securityIdParamsSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  type ContractApp,
  MEMBER_PROBLEMS,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
  problemResponses,
  SESSION_PROBLEM_TEXTS,
} from '../../lib/contract.ts';
import type { NotificationAccess } from './notification-access.ts';
import { listDeliveries, replayDelivery } from './notification-delivery.service.ts';
import { sendTestNotification } from './notification-test.service.ts';

/** What a channel sent: a test message now, its delivery log, a delivery sent again. */
export function notificationDeliveryRoutes(
  app: ContractApp,
  ctx: AppContext,
  { reader, manager, organizationOf, tags }: NotificationAccess,
) {
  app.post(
    '/security/notifications/:id/test',
    {
      schema: {
        summary: 'Send a test message on a notification channel now and tell how it went',
        tags,
        params: securityIdParamsSchema,
        response: {
          200: notificationTestResultSchema,
          ...problemResponses({
            validation_failed: 'the id is not a UUID',
            invalid_json: 'a body was sent and is not JSON',
            unsupported_media_type: 'a body was sent and is not JSON',
            payload_too_large: 'a body over 64 KB was sent',
            ...SESSION_PROBLEM_TEXTS,
            forbidden: 'the role may not manage the security center',
            not_found: "no such channel in the caller's organisation",
            destination_unconfirmed: "the email address is awaiting its owner's confirmation",
            too_many_requests: 'more than 5 tests of this channel in a minute',
            destination_limited: 'the mailbox had its messages of the hour or the day',
          }),
        },
      },
      preValidation: manager.check,
    },
    async (request) => ({
      success: true as const,
      delivery: await sendTestNotification(
        ctx,
        manager.of(request).organization.id,
        request.params.id,
      ),
    }),
  );

  app.get(
    '/security/notifications/:id/deliveries',
    {
      schema: {
        summary: "A channel's deliveries, newest first",
        tags,
        params: securityIdParamsSchema,
        querystring: notificationDeliveriesQuerySchema,
        response: {
          200: notificationDeliveriesPageSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS),
        },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const { organization_id, page, page_size } = request.query;
      const organizationId = organizationOf(reader.of(request), organization_id);
      return listDeliveries(ctx, organizationId, request.params.id, page, page_size);
    },
  );

  app.post(
    '/security/notifications/deliveries/:id/replay',
    {
      schema: {
        summary: 'Send a delivered or failed notification again (same webhook-id)',
        tags,
        params: securityIdParamsSchema,
        response: {
          202: deliveryReplayedSchema,
          ...problemAnswers(MEMBER_PROBLEMS, [
            'validation_failed',
            'not_found',
            'delivery_pending',
          ]),
        },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const organizationId = manager.of(request).organization.id;
      const delivery = await replayDelivery(ctx, organizationId, request.params.id);
      return reply.code(202).send({ success: true as const, delivery });
    },
  );
}
