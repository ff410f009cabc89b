import {
  organizationIdParamsSchema,
  organizationProfileSchema,
  orgSignupSchema,
  type Permission,
  rolesWith,
} from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { getDashboardCounters } from './dashboard.service.ts';
import {
  presentOrganizationDetails,
  revealClientSecret,
  rotateClientSecret,
  signupOrganization,
  updateOrganizationProfile,
} from './organizations.service.ts';

export async function organizationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** The caller, allowed by the permission, and the path's organisation is theirs (else 404). */
  const ownOrganization = async (request: FastifyRequest, permission: Permission) => {
    const member = await requireMember(ctx, request, rolesWith(permission));
    assertOwnOrganization(member, parseInput(organizationIdParamsSchema, request.params).id);
    return member;
  };

  app.post('/signup', async (request, reply) => {
    const input = parseInput(orgSignupSchema, request.body);
    const organization = await signupOrganization(ctx, input);
    return reply.code(201).send({ success: true, organization });
  });

  app.get('/organizations/:id', async (request) => {
    const member = await ownOrganization(request, 'dashboard:read');
    return presentOrganizationDetails(member.organization, member.role);
  });

  app.patch('/organizations/:id', async (request) => {
    const member = await ownOrganization(request, 'settings:manage');
    const input = parseInput(organizationProfileSchema, request.body);
    const organization = await updateOrganizationProfile(ctx, member.organization.id, input);
    return presentOrganizationDetails(organization, member.role);
  });

  app.get('/organizations/:id/dashboard', async (request) => {
    const member = await ownOrganization(request, 'dashboard:read');
    return {
      organization_id: member.organization.id,
      joined_at: member.organization.created_at,
      ...(await getDashboardCounters(ctx, member.organization)),
    };
  });

  // The client secret is a credential: only owners and admins see it, never cached.
  app.get('/organizations/:id/credentials', async (request, reply) => {
    const member = await ownOrganization(request, 'credentials:read');
    reply.header('Cache-Control', 'no-store');
    return revealClientSecret(ctx, member.organization.id);
  });

  app.post('/organizations/:id/credentials/rotate', async (request, reply) => {
    const member = await ownOrganization(request, 'settings:manage');
    reply.header('Cache-Control', 'no-store');
    return rotateClientSecret(ctx, member.organization.id);
  });
}
