import {
  createNotificationPreferenceSchema,
  DESTINATION_CONFIRMATION_TTL_HOURS,
  DESTINATION_CONFIRMATIONS_PER_DAY,
  notificationPreferenceCreatedSchema,
  notificationPreferenceListSchema,
  notificationPreferenceUpdatedSchema,
  organizationQuerySchema,
  securityIdParamsSchema,
  successOnlySchema,
  toggleSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { resendConfirmation } from './destination-confirmation.service.ts';
import type { NotificationAccess } from './notification-access.ts';
import {
  createNotificationPreference,
  deleteNotificationPreference,
  listNotificationPreferences,
  setNotificationPreferenceActive,
} from './notification-preferences.service.ts';

/** The security center's notification channels (/security/notifications): list, add, switch, delete. */
export function notificationPreferenceRoutes(
  app: ContractApp,
  ctx: AppContext,
  { reader, manager, organizationOf, tags }: NotificationAccess,
) {
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
        description:
          'A new email address is awaiting confirmation (`confirmed_at` null): it is sent one ' +
          'message with a link for its owner to confirm, and nothing else (no event, no test) ' +
          `until they do. The link works ${DESTINATION_CONFIRMATION_TTL_HOURS} hours. An address ` +
          'the organisation already has confirmed, and a webhook, are confirmed at once.',
        tags,
        body: createNotificationPreferenceSchema,
        response: {
          201: notificationPreferenceCreatedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS, [
            'too_many_requests',
            'destination_limited',
          ]),
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
        request.log,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send({
        success: true as const,
        notification_preference: preference,
        ...(signingSecret && { signing_secret: signingSecret }),
      });
    },
  );

  app.post(
    '/security/notifications/:id/confirmation',
    {
      schema: {
        summary: 'Send a new confirmation link to an email address awaiting confirmation',
        description:
          'The previous link stops working; the new one works ' +
          `${DESTINATION_CONFIRMATION_TTL_HOURS} hours. At most ` +
          `${DESTINATION_CONFIRMATIONS_PER_DAY} links a day to one address, whoever asks, each ` +
          "counted against the address's message limits.",
        tags,
        params: securityIdParamsSchema,
        response: {
          202: notificationPreferenceUpdatedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS, [
            'destination_confirmed',
            'too_many_requests',
            'destination_limited',
          ]),
        },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const preference = await resendConfirmation(
        ctx,
        manager.of(request).organization.id,
        request.params.id,
        request.log,
      );
      return reply.code(202).send({ success: true as const, notification_preference: preference });
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
}
