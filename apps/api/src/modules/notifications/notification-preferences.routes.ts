import {
  createNotificationPreferenceSchema,
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
}
