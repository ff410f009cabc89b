import {
  countryPolicyInputSchema,
  countryPolicySchema,
  countryRuleListSchema,
  countryRuleSchema,
  countryRuleSetSchema,
  networkCheckInputSchema,
  networkCheckSchema,
  organizationQuerySchema,
  organizationSecuritySettingsSavedSchema,
  organizationSecuritySettingsSchema,
  organizationSettingsSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import {
  getCountryPolicy,
  keyForCheck,
  listCountryRules,
  setCountryPolicy,
  setCountryRule,
  updateOrganizationSettings,
} from './network-controls.service.ts';
import { checkAddress } from './network-policy.service.ts';
import type { SecurityAccess } from './security-access.ts';

/** Country rules and policy, the network check, the organisation's network switches. */
export function networkRuleRoutes(app: ContractApp, ctx: AppContext, access: SecurityAccess) {
  const { reader, manager, organizationOf, tags, readProblems } = access;
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
}
