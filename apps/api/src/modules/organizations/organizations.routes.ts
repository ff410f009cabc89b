import {
  clientCredentialsSchema,
  consoleModeQuerySchema,
  dashboardCountersSchema,
  organizationCreatedSchema,
  organizationDetailsSchema,
  organizationIdParamsSchema,
  organizationProfileSchema,
  orgSignupSchema,
  type Permission,
  rolesWith,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';
import { getDashboardCounters } from './dashboard.service.ts';
import {
  presentOrganizationDetails,
  revealClientSecret,
  rotateClientSecret,
  signupOrganization,
  updateOrganizationProfile,
} from './organizations.service.ts';

export async function organizationRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  /** The caller, allowed by the permission (the path's organisation is checked as theirs). */
  const member = (permission: Permission) =>
    guard((request) => requireMember(ctx, request, rolesWith(permission)));
  const reader = member('dashboard:read');
  const manager = member('settings:manage');
  const credentialsReader = member('credentials:read');
  const tags = ['Organisation'];

  app.post(
    '/signup',
    {
      schema: {
        summary: 'Sign an organisation up with its first admin (owner)',
        tags,
        security: [],
        body: orgSignupSchema,
        response: {
          201: organizationCreatedSchema,
          ...problemAnswers(BODY_PROBLEMS, ['organization_exists']),
        },
      },
    },
    async (request, reply) => {
      const organization = await signupOrganization(ctx, request.body, { log: request.log });
      return reply.code(201).send({ success: true as const, organization });
    },
  );

  app.get(
    '/organizations/:id',
    {
      schema: {
        summary: "The organisation's profile and the caller's role",
        tags,
        params: organizationIdParamsSchema,
        response: { 200: organizationDetailsSchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const caller = reader.of(request);
      assertOwnOrganization(caller, request.params.id);
      return presentOrganizationDetails(caller.organization, caller.role);
    },
  );

  app.patch(
    '/organizations/:id',
    {
      schema: {
        summary: "Save the organisation's profile (name, contact, phone, time zone)",
        tags,
        params: organizationIdParamsSchema,
        body: organizationProfileSchema,
        response: {
          200: organizationDetailsSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const caller = manager.of(request);
      assertOwnOrganization(caller, request.params.id);
      const organization = await updateOrganizationProfile(
        ctx,
        caller.organization.id,
        request.body,
      );
      return presentOrganizationDetails(organization, caller.role);
    },
  );

  app.get(
    '/organizations/:id/dashboard',
    {
      schema: {
        summary: "The dashboard's counters: active codes, verifications, calls this month",
        tags,
        params: organizationIdParamsSchema,
        querystring: consoleModeQuerySchema,
        response: { 200: dashboardCountersSchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const caller = reader.of(request);
      assertOwnOrganization(caller, request.params.id);
      return {
        organization_id: caller.organization.id,
        joined_at: caller.organization.created_at,
        ...(await getDashboardCounters(
          readingContext(ctx, request),
          caller.organization,
          request.query.mode,
        )),
      };
    },
  );

  // The client secret is a credential: only owners and admins see it, never cached.
  app.get(
    '/organizations/:id/credentials',
    {
      schema: {
        summary: "The organisation's client id and client secret (owners and admins)",
        tags,
        params: organizationIdParamsSchema,
        response: { 200: clientCredentialsSchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: credentialsReader.check,
    },
    async (request, reply) => {
      const caller = credentialsReader.of(request);
      assertOwnOrganization(caller, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return revealClientSecret(ctx, caller.organization.id);
    },
  );

  app.post(
    '/organizations/:id/credentials/rotate',
    {
      schema: {
        summary: 'A new client secret; the old one and its access tokens stop at once',
        tags,
        params: organizationIdParamsSchema,
        response: { 200: clientCredentialsSchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const caller = manager.of(request);
      assertOwnOrganization(caller, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return rotateClientSecret(ctx, caller.organization.id);
    },
  );
}
