import {
  createTrustedIpSchema,
  organizationQuerySchema,
  securityIdParamsSchema,
  successOnlySchema,
  toggledSchema,
  toggleSchema,
  trustedIpCreatedSchema,
  trustedIpListSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import {
  addTrustedIp,
  deleteTrustedIp,
  listTrustedIps,
  setTrustedIpActive,
} from './network-controls.service.ts';
import type { SecurityAccess } from './security-access.ts';

/** Trusted IP addresses and ranges (spec section 7 "Security"). */
export function trustedIpRoutes(app: ContractApp, ctx: AppContext, access: SecurityAccess) {
  const { reader, manager, organizationOf, tags, readProblems } = access;
  // The spec's /dashboard/security/trusted-ips is the same list.
  for (const path of ['/security/trusted-ips', '/dashboard/security/trusted-ips']) {
    app.get(
      path,
      {
        schema: {
          summary: 'Trusted IP addresses and ranges, with their use',
          tags,
          querystring: organizationQuerySchema,
          response: { 200: trustedIpListSchema, ...readProblems },
        },
        preValidation: reader.check,
      },
      async (request) => {
        const organization = organizationOf(reader.of(request), request.query.organization_id);
        return { trusted_ips: await listTrustedIps(ctx, organization.id) };
      },
    );
  }

  app.post(
    '/security/trusted-ips',
    {
      schema: {
        summary: 'Trust an address or range, for every key or for one',
        tags,
        body: createTrustedIpSchema,
        response: {
          201: trustedIpCreatedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const organization = organizationOf(manager.of(request), request.body.organization_id);
      const trustedIp = await addTrustedIp(ctx, organization.id, request.body);
      return reply.code(201).send({ success: true as const, trusted_ip: trustedIp });
    },
  );

  app.patch(
    '/security/trusted-ips/:id',
    {
      schema: {
        summary: 'Switch a trusted address on or off',
        tags,
        params: securityIdParamsSchema,
        body: toggleSchema,
        response: {
          200: toggledSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const { id } = request.params;
      const { is_active, organization_id } = request.body;
      const organization = organizationOf(manager.of(request), organization_id);
      await setTrustedIpActive(ctx, organization.id, id, is_active);
      return { success: true as const, id, is_active };
    },
  );

  app.delete(
    '/security/trusted-ips/:id',
    {
      schema: {
        summary: 'Stop trusting an address',
        tags,
        params: securityIdParamsSchema,
        querystring: organizationQuerySchema,
        response: { 200: successOnlySchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const organization = organizationOf(manager.of(request), request.query.organization_id);
      await deleteTrustedIp(ctx, organization.id, request.params.id);
      return { success: true as const };
    },
  );
}
