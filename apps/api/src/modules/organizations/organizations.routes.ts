import { orgSignupSchema } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { getDashboardCounters } from './dashboard.service.ts';
import { revealClientSecret, signupOrganization } from './organizations.service.ts';

const idParams = z.object({ id: z.string().max(100) });

export async function organizationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/signup', async (request, reply) => {
    const input = parseInput(orgSignupSchema, request.body);
    const organization = await signupOrganization(ctx, input);
    return reply.code(201).send({ success: true, organization });
  });

  app.get('/organizations/:id', async (request) => {
    const member = await requireMember(ctx, request);
    assertOwnOrganization(member, parseInput(idParams, request.params).id);
    const o = member.organization;
    return {
      id: o.id,
      name: o.name,
      type: o.type,
      email: o.email,
      phone: o.phone,
      contact_person: o.contact_person,
      client_id: o.client_id,
      created_at: o.created_at,
      require_ip_whitelist: o.require_ip_whitelist,
      geo_blocking_enabled: o.geo_blocking_enabled,
      role: member.role,
    };
  });

  app.get('/organizations/:id/dashboard', async (request) => {
    const member = await requireMember(ctx, request);
    assertOwnOrganization(member, parseInput(idParams, request.params).id);
    return {
      organization_id: member.organization.id,
      joined_at: member.organization.created_at,
      ...(await getDashboardCounters(ctx, member.organization)),
    };
  });

  // The client secret is a credential: only owners and admins see it, never cached.
  app.get('/organizations/:id/credentials', async (request, reply) => {
    const member = await requireMember(ctx, request, ['owner', 'admin']);
    assertOwnOrganization(member, parseInput(idParams, request.params).id);
    reply.header('Cache-Control', 'no-store');
    return revealClientSecret(ctx, member.organization.id);
  });
}
