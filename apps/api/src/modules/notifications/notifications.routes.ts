import {
  createNotificationPreferenceSchema,
  deliveryReplayedSchema,
  notificationDeliveriesPageSchema,
  notificationDeliveriesQuerySchema,
  notificationPreferenceCreatedSchema,
  notificationPreferenceListSchema,
  notificationPreferenceUpdatedSchema,
  notificationTestResultSchema,
  organizationQuerySchema,
  rolesWith,
  securityIdParamsSchema,
  successOnlySchema,
  toggleSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  MEMBER_PROBLEMS,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
  problemResponses,
  SESSION_PROBLEM_TEXTS,
} from '../../lib/contract.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { listDeliveries, replayDelivery } from './notification-delivery.service.ts';
import {
  createNotificationPreference,
  deleteNotificationPreference,
  listNotificationPreferences,
  setNotificationPreferenceActive,
} from './notification-preferences.service.ts';
import { sendTestNotification } from './notification-test.service.ts';

/** Notification preferences of the security center and their delivery log. */
export async function notificationRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const reader = guard((request) => requireMember(ctx, request, rolesWith('security:read')));
  const manager = guard((request) => requireMember(ctx, request, rolesWith('security:manage')));
  /** The caller's organisation id, when `organizationId` (if given) is it; else 404. */
  const organizationOf = (
    caller: Awaited<ReturnType<typeof requireMember>>,
    organizationId: string | undefined,
  ) => {
    assertOwnOrganization(caller, organizationId);
    return caller.organization.id;
  };
  const tags = ['Security'];

  app.get(
    '/security/notifications',
    {
      schema: {
        summary: 'Notification channels (email addresses and webhooks)',
        tags,
        querystring: organizationQuerySchema,
        response: {
          200: notificationPreferenceListSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS),
        },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const organizationId = organizationOf(reader.of(request), request.query.organization_id);
      return { notification_preferences: await listNotificationPreferences(ctx, organizationId) };
    },
  );

  app.post(
    '/security/notifications',
    {
      schema: {
        summary: 'Add a channel; a webhook gets its signing secret in this answer only',
        tags,
        body: createNotificationPreferenceSchema,
        response: {
          201: notificationPreferenceCreatedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const input = request.body;
      const organizationId = organizationOf(manager.of(request), input.organization_id);
      const { preference, signingSecret } = await createNotificationPreference(
        ctx,
        organizationId,
        input,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send({
        success: true as const,
        notification_preference: preference,
        ...(signingSecret && { signing_secret: signingSecret }),
      });
    },
  );

  app.patch(
    '/security/notifications/:id',
    {
      schema: {
        summary: 'Switch a channel on or off',
        tags,
        params: securityIdParamsSchema,
        body: toggleSchema,
        response: {
          200: notificationPreferenceUpdatedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const { is_active, organization_id } = request.body;
      const organizationId = organizationOf(manager.of(request), organization_id);
      return {
        success: true as const,
        notification_preference: await setNotificationPreferenceActive(
          ctx,
          organizationId,
          request.params.id,
          is_active,
        ),
      };
    },
  );

  app.delete(
    '/security/notifications/:id',
    {
      schema: {
        summary: 'Remove a channel and its delivery log',
        tags,
        params: securityIdParamsSchema,
        querystring: organizationQuerySchema,
        response: { 200: successOnlySchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const organizationId = organizationOf(manager.of(request), request.query.organization_id);
      await deleteNotificationPreference(ctx, organizationId, request.params.id);
      return { success: true as const };
    },
  );

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
