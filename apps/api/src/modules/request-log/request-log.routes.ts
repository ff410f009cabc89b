import {
  requestLogPageSchema,
  requestLogQuerySchema,
  rolesWith,
  securityAnalyticsQuerySchema,
  securityAnalyticsSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  type ContractApp,
  guard,
  problemResponses,
  SESSION_PROBLEM_TEXTS,
} from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';
import { getSecurityAnalytics } from './request-analytics.service.ts';
import { listRequests } from './request-log.queries.ts';

const READ_PROBLEMS = {
  validation_failed: 'a filter is not valid',
  ...SESSION_PROBLEM_TEXTS,
  forbidden: 'the role may not read the security center',
  not_found: "organization_id is not the caller's organisation",
} as const;

/** The request log and its analytics, for members who may read the security center. */
export async function requestLogRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const reader = guard((request) => requireMember(ctx, request, rolesWith('security:read')));

  app.get(
    '/security/requests',
    {
      schema: {
        summary: "The organisation's /v1 calls, newest first (keyset paging by cursor)",
        tags: ['Security'],
        querystring: requestLogQuerySchema,
        response: {
          200: requestLogPageSchema,
          ...problemResponses({
            ...READ_PROBLEMS,
            bad_request: 'the cursor is not one this API gave out',
          }),
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      const member = reader.of(request);
      assertOwnOrganization(member, request.query.organization_id);
      reply.header('Cache-Control', 'private, no-store');
      return listRequests(readingContext(ctx, request), member.organization.id, request.query);
    },
  );

  app.get(
    '/dashboard/security/analytics',
    {
      schema: {
        summary: 'Calls per day by outcome, with p50 and p99 latency, over 7 or 30 days',
        tags: ['Security'],
        querystring: securityAnalyticsQuerySchema,
        response: { 200: securityAnalyticsSchema, ...problemResponses(READ_PROBLEMS) },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      const member = reader.of(request);
      assertOwnOrganization(member, request.query.organization_id);
      reply.header('Cache-Control', 'private, no-store');
      return getSecurityAnalytics(readingContext(ctx, request), member.organization, request.query);
    },
  );
}
