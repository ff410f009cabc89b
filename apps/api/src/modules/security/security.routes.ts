import {
  countryPolicyInputSchema,
  countryPolicySchema,
  countryRuleListSchema,
  countryRuleSchema,
  countryRuleSetSchema,
  createTrustedIpSchema,
  networkCheckInputSchema,
  networkCheckSchema,
  organizationQuerySchema,
  organizationSecuritySettingsSavedSchema,
  organizationSecuritySettingsSchema,
  organizationSettingsSchema,
  type Permission,
  rolesWith,
  securityEventResolvedSchema,
  securityEventsCsvSchema,
  securityEventsPageSchema,
  securityEventsQuerySchema,
  securityIdParamsSchema,
  securityStatsSchema,
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
  guard,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import {
  addTrustedIp,
  deleteTrustedIp,
  getCountryPolicy,
  keyForCheck,
  listCountryRules,
  listTrustedIps,
  setCountryPolicy,
  setCountryRule,
  setTrustedIpActive,
  updateOrganizationSettings,
} from './network-controls.service.ts';
import { checkAddress } from './network-policy.service.ts';
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

/** The security center (spec section 7 "Security"): every query is the caller's organisation's. */
export async function securityRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const memberWith = (permission: Permission) =>
    guard((request) => requireMember(ctx, request, rolesWith(permission)));
  const reader = memberWith('security:read');
  const manager = memberWith('security:manage');
  /** The caller's organisation, when `organizationId` (if given) is it; else 404. */
  const organizationOf = (
    caller: Awaited<ReturnType<typeof requireMember>>,
    organizationId: string | undefined,
  ) => {
    assertOwnOrganization(caller, organizationId);
    return caller.organization;
  };
  const tags = ['Security'];
  const readProblems = problemAnswers(OWN_ORGANIZATION_PROBLEMS);

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

  app.get(
    '/security/country-rules',
    {
      schema: {
        summary: 'Country rules (a country without one is allowed)',
        tags,
        querystring: organizationQuerySchema,
        response: { 200: countryRuleListSchema, ...readProblems },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const organization = organizationOf(reader.of(request), request.query.organization_id);
      return { country_rules: await listCountryRules(ctx, organization.id) };
    },
  );

  app.post(
    '/security/country-rules',
    {
      schema: {
        summary: 'Allow or block a country (sets its rule, new or not)',
        tags,
        body: countryRuleSchema,
        response: {
          200: countryRuleSetSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const { country_code, is_allowed, organization_id } = request.body;
      const organization = organizationOf(manager.of(request), organization_id);
      return {
        success: true as const,
        country_rule: await setCountryRule(ctx, organization.id, country_code, is_allowed),
      };
    },
  );

  app.get(
    '/security/country-policy',
    {
      schema: {
        summary: 'The country rules as one policy: on or off, block the listed or allow only them',
        tags,
        querystring: organizationQuerySchema,
        response: { 200: countryPolicySchema, ...readProblems },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const organization = organizationOf(reader.of(request), request.query.organization_id);
      return getCountryPolicy(ctx, organization.id);
    },
  );

  app.put(
    '/security/country-policy',
    {
      schema: {
        summary: 'Set the country policy: its mode and the whole list at once (effective at once)',
        tags,
        body: countryPolicyInputSchema,
        response: {
          200: countryPolicySchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const organization = organizationOf(manager.of(request), request.body.organization_id);
      return setCountryPolicy(ctx, organization.id, request.body);
    },
  );

  app.post(
    '/security/network-check',
    {
      schema: {
        summary:
          'Would a /v1 call from this address pass every network rule (key IPs, trusted IPs, countries), and which rule decides',
        tags,
        body: networkCheckInputSchema,
        response: {
          200: networkCheckSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const { organization_id, ip_address, api_key_id } = request.body;
      const organization = organizationOf(reader.of(request), organization_id);
      const key = api_key_id ? await keyForCheck(ctx, organization.id, api_key_id) : null;
      return checkAddress(ctx, organization.id, ip_address, key);
    },
  );

  app.get(
    '/security/organization-settings',
    {
      schema: {
        summary: "The organisation's network switches",
        tags,
        querystring: organizationQuerySchema,
        response: { 200: organizationSecuritySettingsSchema, ...readProblems },
      },
      preValidation: reader.check,
    },
    async (request) => organizationOf(reader.of(request), request.query.organization_id),
  );

  app.patch(
    '/security/organization-settings',
    {
      schema: {
        summary: 'Turn the address allow-list or the country rules on or off',
        tags,
        body: organizationSettingsSchema,
        response: {
          200: organizationSecuritySettingsSavedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const organization = organizationOf(manager.of(request), request.body.organization_id);
      return {
        success: true as const,
        ...(await updateOrganizationSettings(ctx, organization.id, request.body)),
      };
    },
  );

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
        querystring: organizationQuerySchema,
        response: { 200: securityStatsSchema, ...readProblems },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const organization = organizationOf(reader.of(request), request.query.organization_id);
      return {
        success: true as const,
        data: await getSecurityStats(readingContext(ctx, request), organization),
      };
    },
  );
}
