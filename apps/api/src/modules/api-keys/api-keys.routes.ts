import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  organizationModeQuerySchema,
  rolesWith,
  rollApiKeySchema,
  rolledApiKeySchema,
  securityIdParamsSchema,
  successOnlySchema,
  updateApiKeySchema,
  updatedApiKeySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
  problemResponses,
  SESSION_PROBLEM_TEXTS,
} from '../../lib/contract.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';
import { recordSecurityEvent } from '../security/index.ts';
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  rollApiKeySecret,
  updateApiKey,
} from './api-keys.service.ts';

/** The organisation's API keys, for members who may manage them. */
export async function apiKeyRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const keyManager = guard((request) => requireMember(ctx, request, rolesWith('keys:manage')));
  const tags = ['API keys'];

  // The spec's /dashboard/security/api-keys is the same list.
  for (const path of ['/security/api-keys', '/dashboard/security/api-keys']) {
    app.get(
      path,
      {
        schema: {
          summary: 'The keys with their counters (never their secrets)',
          tags,
          querystring: organizationModeQuerySchema,
          response: { 200: apiKeyListSchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
        },
        preValidation: keyManager.check,
      },
      async (request) => {
        const member = keyManager.of(request);
        assertOwnOrganization(member, request.query.organization_id);
        return {
          api_keys: await listApiKeys(ctx, member.organization, request.query.mode),
        };
      },
    );
  }

  app.post(
    '/security/api-keys',
    {
      schema: {
        summary: 'Create a key; its secret is in this answer only',
        tags,
        body: createApiKeySchema,
        response: {
          201: createdApiKeySchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: keyManager.check,
    },
    async (request, reply) => {
      const member = keyManager.of(request);
      const input = request.body;
      assertOwnOrganization(member, input.organization_id);
      reply.header('Cache-Control', 'no-store');
      const created = await createApiKey(ctx, member.organization.id, member.userId, input);
      return reply.code(201).send({ success: true as const, ...created });
    },
  );

  app.patch(
    '/security/api-keys/:id',
    {
      schema: {
        summary: "Change a key's settings (switched off: its access tokens end at once)",
        tags,
        params: securityIdParamsSchema,
        body: updateApiKeySchema,
        response: {
          200: updatedApiKeySchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: keyManager.check,
    },
    async (request) => {
      const member = keyManager.of(request);
      const { id } = request.params;
      const { organization_id, ...changes } = request.body;
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
      return { success: true as const, ...key };
    },
  );

  app.post(
    '/security/api-keys/:id/roll',
    {
      schema: {
        summary: 'A new secret for the key; the old one keeps working for grace_seconds',
        tags,
        params: securityIdParamsSchema,
        body: rollApiKeySchema,
        response: {
          200: rolledApiKeySchema,
          ...problemResponses({
            validation_failed: 'grace_seconds is not from 0 to 604800',
            invalid_json: 'the body is not JSON',
            unsupported_media_type: 'the body is not JSON',
            payload_too_large: 'the body is over 64 KB',
            ...SESSION_PROBLEM_TEXTS,
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

  app.delete(
    '/security/api-keys/:id',
    {
      schema: {
        summary: 'Delete a key: its calls and access tokens stop at once',
        tags,
        params: securityIdParamsSchema,
        response: { 200: successOnlySchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: keyManager.check,
    },
    async (request) => {
      const member = keyManager.of(request);
      await deleteApiKey(ctx, member.organization.id, request.params.id);
      return { success: true as const };
    },
  );
}
