import { requestLogQuerySchema, rolesWith, securityAnalyticsQuerySchema } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { getSecurityAnalytics } from './request-analytics.service.ts';
import { listRequests } from './request-log.queries.ts';

/** The request log and its analytics, for members who may read the security center. */
export async function requestLogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/security/requests', async (request, reply) => {
    const query = parseInput(requestLogQuerySchema, request.query);
    const member = await requireMember(ctx, request, rolesWith('security:read'));
    assertOwnOrganization(member, query.organization_id);
    reply.header('Cache-Control', 'private, no-store');
    return listRequests(ctx, member.organization.id, query);
  });

  app.get('/dashboard/security/analytics', async (request, reply) => {
    const query = parseInput(securityAnalyticsQuerySchema, request.query);
    const member = await requireMember(ctx, request, rolesWith('security:read'));
    assertOwnOrganization(member, query.organization_id);
    reply.header('Cache-Control', 'private, no-store');
    return getSecurityAnalytics(ctx, member.organization, query);
  });
}
