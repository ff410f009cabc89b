import {
  createApiKeySchema,
  organizationQuerySchema,
  rolesWith,
  rollApiKeySchema,
  rolledApiKeySchema,
  securityIdParamsSchema,
  updateApiKeySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, guard, problemResponses } from '../../lib/contract.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { recordSecurityEvent } from '../security/security-events.service.ts';
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  rollApiKeySecret,
  updateApiKey,
} from './api-keys.service.ts';

export async function apiKeyRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  // The spec's /dashboard/security/api-keys is the same list.
  for (const path of ['/security/api-keys', '/dashboard/security/api-keys']) {
    app.get(path, async (request) => {
      const member = await requireMember(ctx, request, rolesWith('keys:manage'));
      assertOwnOrganization(
        member,
        parseInput(organizationQuerySchema, request.query).organization_id,
      );
      return {
        api_keys: await listApiKeys(ctx, member.organization.id, member.organization.time_zone),
      };
    });
  }

  app.post('/security/api-keys', async (request, reply) => {
    const member = await requireMember(ctx, request, rolesWith('keys:manage'));
    const input = parseInput(createApiKeySchema, request.body);
    assertOwnOrganization(member, input.organization_id);
    reply.header('Cache-Control', 'no-store');
    const created = await createApiKey(ctx, member.organization.id, member.userId, input);
    return reply.code(201).send({ success: true, ...created });
  });

  app.patch('/security/api-keys/:id', async (request) => {
    const member = await requireMember(ctx, request, rolesWith('keys:manage'));
    const { id } = parseInput(securityIdParamsSchema, request.params);
    const { organization_id, ...changes } = parseInput(updateApiKeySchema, request.body);
    assertOwnOrganization(member, organization_id);
    const { was_active, ...key } = await updateApiKey(ctx, member.organization.id, id, changes);
    if (was_active && changes.is_active === false) {
      await recordSecurityEvent(ctx, {
        organizationId: member.organization.id,
        type: 'key_disabled',
        severity: 'info',
        description: `API key "${key.key_name}" was disabled`,
        clientIp: request.ip,
        userAgent: request.headers['user-agent'],
        requestPath: request.url,
        requestMethod: request.method,
        apiKeyId: id,
        apiKeyName: key.key_name,
      });
    }
    return { success: true, ...key };
  });

  const keyManager = guard((request) => requireMember(ctx, request, rolesWith('keys:manage')));

  app.post(
    '/security/api-keys/:id/roll',
    {
      schema: {
        summary: 'A new secret for the key; the old one keeps working for grace_seconds',
        tags: ['API keys'],
        params: securityIdParamsSchema,
        body: rollApiKeySchema,
        response: {
          200: rolledApiKeySchema,
          ...problemResponses({
            validation_failed: 'grace_seconds is not from 0 to 604800',
            invalid_json: 'the body is not JSON',
            unsupported_media_type: 'the body is not JSON',
            payload_too_large: 'the body is over 64 KB',
            unauthenticated: 'no session',
            session_expired: 'the session has ended',
            forbidden: 'the role may not manage keys',
            not_found: "no such key in the caller's organisation",
          }),
        },
      },
      preValidation: keyManager.check,
    },
    async (request, reply) => {
      const member = keyManager.of(request);
      assertOwnOrganization(member, request.body.organization_id);
      reply.header('Cache-Control', 'no-store');
      const rolled = await rollApiKeySecret(
        ctx,
        member.organization.id,
        request.params.id,
        request.body.grace_seconds,
      );
      return { success: true as const, ...rolled };
    },
  );

  app.delete('/security/api-keys/:id', async (request) => {
    const member = await requireMember(ctx, request, rolesWith('keys:manage'));
    const { id } = parseInput(securityIdParamsSchema, request.params);
    await deleteApiKey(ctx, member.organization.id, id);
    return { success: true };
  });
}
