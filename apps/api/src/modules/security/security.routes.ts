import {
  countryRuleSchema,
  createTrustedIpSchema,
  organizationQuerySchema,
  organizationSettingsSchema,
  type Permission,
  rolesWith,
  securityEventsQuerySchema,
  securityIdParamsSchema,
  toggleSchema,
} from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import {
  addTrustedIp,
  deleteTrustedIp,
  listCountryRules,
  listTrustedIps,
  setCountryRule,
  setTrustedIpActive,
  updateOrganizationSettings,
} from './network-controls.service.ts';
import {
  exportSecurityEventsCsv,
  listSecurityEvents,
  resolveSecurityEvent,
} from './security-events.queries.ts';
import { getSecurityStats } from './security-stats.service.ts';

const idParams = securityIdParamsSchema;

/** Today's date in a time zone as YYYY-MM-DD (the export's file name). */
function localDate(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The security center (spec section 7 "Security"): every query is the caller's organisation's. */
export async function securityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const member = async (
    request: Parameters<typeof requireMember>[1],
    permission: Permission,
    organizationId?: string,
  ) => {
    const caller = await requireMember(ctx, request, rolesWith(permission));
    assertOwnOrganization(caller, organizationId);
    return caller;
  };
  const queryOrganization = (query: unknown) =>
    parseInput(organizationQuerySchema, query).organization_id;

  // The spec's /dashboard/security/trusted-ips is the same list.
  for (const path of ['/security/trusted-ips', '/dashboard/security/trusted-ips']) {
    app.get(path, async (request) => {
      const caller = await member(request, 'security:read', queryOrganization(request.query));
      return { trusted_ips: await listTrustedIps(ctx, caller.organization.id) };
    });
  }

  app.post('/security/trusted-ips', async (request, reply) => {
    const input = parseInput(createTrustedIpSchema, request.body);
    const caller = await member(request, 'security:manage', input.organization_id);
    return reply
      .code(201)
      .send({ success: true, trusted_ip: await addTrustedIp(ctx, caller.organization.id, input) });
  });

  app.patch('/security/trusted-ips/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(toggleSchema, request.body);
    const caller = await member(request, 'security:manage', input.organization_id);
    await setTrustedIpActive(ctx, caller.organization.id, id, input.is_active);
    return { success: true, id, is_active: input.is_active };
  });

  app.delete('/security/trusted-ips/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const caller = await member(request, 'security:manage', queryOrganization(request.query));
    await deleteTrustedIp(ctx, caller.organization.id, id);
    return { success: true };
  });

  app.get('/security/country-rules', async (request) => {
    const caller = await member(request, 'security:read', queryOrganization(request.query));
    return { country_rules: await listCountryRules(ctx, caller.organization.id) };
  });

  app.post('/security/country-rules', async (request) => {
    const input = parseInput(countryRuleSchema, request.body);
    const caller = await member(request, 'security:manage', input.organization_id);
    return {
      success: true,
      country_rule: await setCountryRule(
        ctx,
        caller.organization.id,
        input.country_code,
        input.is_allowed,
      ),
    };
  });

  app.get('/security/organization-settings', async (request) => {
    const caller = await member(request, 'security:read', queryOrganization(request.query));
    const { require_ip_whitelist, geo_blocking_enabled } = caller.organization;
    return { require_ip_whitelist, geo_blocking_enabled };
  });

  app.patch('/security/organization-settings', async (request) => {
    const input = parseInput(organizationSettingsSchema, request.body);
    const caller = await member(request, 'security:manage', input.organization_id);
    return {
      success: true,
      ...(await updateOrganizationSettings(ctx, caller.organization.id, input)),
    };
  });

  // The spec's /dashboard/security/security-events is the same list.
  for (const path of ['/security/events', '/dashboard/security/security-events']) {
    app.get(path, async (request) => {
      const query = parseInput(securityEventsQuerySchema, request.query);
      const caller = await member(request, 'security:read', query.organization_id);
      return listSecurityEvents(ctx, caller.organization.id, query, query.page, query.page_size);
    });
  }

  app.patch('/security/events/:id/resolve', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const caller = await member(request, 'security:manage', queryOrganization(request.query));
    return { success: true, event: await resolveSecurityEvent(ctx, caller.organization.id, id) };
  });

  app.get('/security/events/export', async (request, reply) => {
    const query = parseInput(securityEventsQuerySchema, request.query);
    const caller = await member(request, 'security:read', query.organization_id);
    const csv = await exportSecurityEventsCsv(ctx, caller.organization.id, query);
    const date = localDate(ctx.clock.now(), caller.organization.time_zone);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="security-events-${date}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  app.get('/security/stats', async (request) => {
    const caller = await member(request, 'security:read', queryOrganization(request.query));
    return { success: true, data: await getSecurityStats(ctx, caller.organization) };
  });
}
