import {
  organizationModeQuerySchema,
  organizationQuerySchema,
  securityEventResolvedSchema,
  securityEventsCsvSchema,
  securityEventsPageSchema,
  securityEventsQuerySchema,
  securityIdParamsSchema,
  securityStatsSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, OWN_ORGANIZATION_PROBLEMS, problemAnswers } from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import type { SecurityAccess } from './security-access.ts';
import {
  exportSecurityEventsCsv,
  listSecurityEvents,
  resolveSecurityEvent,
} from './security-events.queries.ts';
import { getSecurityStats } from './security-stats.service.ts';

/** Today's date in a time zone as YYYY-MM-DD (the export's file name). */
function localDate(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Security events: the list, resolving one, the CSV export, today's figures. */
export function securityEventRoutes(app: ContractApp, ctx: AppContext, access: SecurityAccess) {
  const { reader, manager, organizationOf, tags, readProblems } = access;
  // The spec's /dashboard/security/security-events is the same list.
  for (const path of ['/security/events', '/dashboard/security/security-events']) {
    app.get(
      path,
      {
        schema: {
          summary: 'Security events, newest first, by filters and pages',
          tags,
          querystring: securityEventsQuerySchema,
          response: { 200: securityEventsPageSchema, ...readProblems },
        },
        preValidation: reader.check,
      },
      async (request) => {
        const query = request.query;
        const organization = organizationOf(reader.of(request), query.organization_id);
        return listSecurityEvents(
          readingContext(ctx, request),
          organization.id,
          query,
          query.page,
          query.page_size,
        );
      },
    );
  }

  app.patch(
    '/security/events/:id/resolve',
    {
      schema: {
        summary: 'Mark an event resolved',
        tags,
        params: securityIdParamsSchema,
        querystring: organizationQuerySchema,
        response: {
          200: securityEventResolvedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const organization = organizationOf(manager.of(request), request.query.organization_id);
      return {
        success: true as const,
        event: await resolveSecurityEvent(ctx, organization.id, request.params.id),
      };
    },
  );

  app.get(
    '/security/events/export',
    {
      schema: {
        summary: 'The filtered events as a CSV file (at most 50,000)',
        tags,
        querystring: securityEventsQuerySchema,
        response: {
          200: {
            description: 'security-events-YYYY-MM-DD.csv, dated in the organisation time zone',
            content: { 'text/csv': { schema: securityEventsCsvSchema } },
          },
          ...readProblems,
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      const query = request.query;
      const organization = organizationOf(reader.of(request), query.organization_id);
      const csv = await exportSecurityEventsCsv(
        readingContext(ctx, request),
        organization.id,
        query,
      );
      const date = localDate(ctx.clock.now(), organization.time_zone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="security-events-${date}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/security/stats',
    {
      schema: {
        summary: 'Security statistics and score for today',
        tags,
        querystring: organizationModeQuerySchema,
        response: { 200: securityStatsSchema, ...readProblems },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const organization = organizationOf(reader.of(request), request.query.organization_id);
      return {
        success: true as const,
        data: await getSecurityStats(
          readingContext(ctx, request),
          organization,
          request.query.mode,
        ),
      };
    },
  );
}
