import {
  createNotificationPreferenceSchema,
  notificationDeliveriesQuerySchema,
  notificationTestResultSchema,
  organizationQuerySchema,
  type Permission,
  rolesWith,
  securityIdParamsSchema,
  toggleSchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, guard, problemResponses } from '../../lib/contract.ts';
import { parseInput } from '../../lib/validate.ts';
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
  const member = async (
    request: FastifyRequest,
    permission: Permission,
    organizationId?: string,
  ) => {
    const caller = await requireMember(ctx, request, rolesWith(permission));
    assertOwnOrganization(caller, organizationId);
    return caller.organization.id;
  };

  app.get('/security/notifications', async (request) => {
    const query = parseInput(organizationQuerySchema, request.query);
    const organizationId = await member(request, 'security:read', query.organization_id);
    return { notification_preferences: await listNotificationPreferences(ctx, organizationId) };
  });

  app.post('/security/notifications', async (request, reply) => {
    const input = parseInput(createNotificationPreferenceSchema, request.body);
    const organizationId = await member(request, 'security:manage', input.organization_id);
    const { preference, signingSecret } = await createNotificationPreference(
      ctx,
      organizationId,
      input,
    );
    reply.header('Cache-Control', 'no-store');
    return reply.code(201).send({
      success: true,
      notification_preference: preference,
      // Shown this once: the receiver needs it to verify webhook-signature.
      ...(signingSecret && { signing_secret: signingSecret }),
    });
  });

  app.patch('/security/notifications/:id', async (request) => {
    const { id } = parseInput(securityIdParamsSchema, request.params);
    const input = parseInput(toggleSchema, request.body);
    const organizationId = await member(request, 'security:manage', input.organization_id);
    return {
      success: true,
      notification_preference: await setNotificationPreferenceActive(
        ctx,
        organizationId,
        id,
        input.is_active,
      ),
    };
  });

  app.delete('/security/notifications/:id', async (request) => {
    const { id } = parseInput(securityIdParamsSchema, request.params);
    const query = parseInput(organizationQuerySchema, request.query);
    const organizationId = await member(request, 'security:manage', query.organization_id);
    await deleteNotificationPreference(ctx, organizationId, id);
    return { success: true };
  });

  const manager = guard((request) => requireMember(ctx, request, rolesWith('security:manage')));

  app.post(
    '/security/notifications/:id/test',
    {
      schema: {
        summary: 'Send a test message on a notification channel now and tell how it went',
        tags: ['Security'],
        params: securityIdParamsSchema,
        response: {
          200: notificationTestResultSchema,
          ...problemResponses({
            validation_failed: 'the id is not a UUID',
            invalid_json: 'a body was sent and is not JSON',
            unsupported_media_type: 'a body was sent and is not JSON',
            payload_too_large: 'a body over 64 KB was sent',
            unauthenticated: 'no session',
            session_expired: 'the session has ended',
            forbidden: 'the role may not manage the security center',
            not_found: "no such channel in the caller's organisation",
            too_many_requests: 'more than 5 tests of this channel in a minute',
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

  app.get('/security/notifications/:id/deliveries', async (request) => {
    const { id } = parseInput(securityIdParamsSchema, request.params);
    const query = parseInput(notificationDeliveriesQuerySchema, request.query);
    const organizationId = await member(request, 'security:read', query.organization_id);
    return listDeliveries(ctx, organizationId, id, query.page, query.page_size);
  });

  app.post('/security/notifications/deliveries/:id/replay', async (request, reply) => {
    const { id } = parseInput(securityIdParamsSchema, request.params);
    const organizationId = await member(request, 'security:manage');
    const delivery = await replayDelivery(ctx, organizationId, id);
    return reply.code(202).send({ success: true, delivery });
  });
}
