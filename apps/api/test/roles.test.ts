import { randomUUID } from 'node:crypto';
import { can, MEMBER_ROLES, type MemberRole, PERMISSIONS, type Permission } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  createOrganization,
  createTestDatabase,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
  testConfig,
} from './harness.ts';
import { addMember, uniqueEmail } from './members-helpers.ts';

/**
 * Every organisation endpoint of /api/v1 against every role: allowed exactly when the shared
 * permission table (packages/shared/src/permissions.ts) says so, else 403 problem+json.
 * Allowed calls aim at ids that do not exist where they would change or remove something, so
 * one organisation serves every row.
 */
interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as Fastify registers it (checked against the server's own route list). */
  route: string;
  permission: Permission;
  body?: () => unknown;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/api/v1/organization/encryption-key', permission: 'codes:verify' },
  {
    method: 'PUT',
    route: '/api/v1/organization/encryption-key',
    permission: 'settings:manage',
    body: () => ({ public_key: 'not-a-key' }),
  },
  { method: 'DELETE', route: '/api/v1/organization/encryption-key', permission: 'settings:manage' },
  { method: 'GET', route: '/api/v1/organizations/:id', permission: 'dashboard:read' },
  {
    method: 'PATCH',
    route: '/api/v1/organizations/:id',
    permission: 'settings:manage',
    body: () => ({ time_zone: 'Asia/Riyadh' }),
  },
  { method: 'GET', route: '/api/v1/organizations/:id/dashboard', permission: 'dashboard:read' },
  {
    method: 'GET',
    route: '/api/v1/organizations/:id/credentials',
    permission: 'credentials:read',
  },
  {
    method: 'POST',
    route: '/api/v1/organizations/:id/credentials/rotate',
    permission: 'settings:manage',
  },
  { method: 'GET', route: '/api/v1/organizations/:id/members', permission: 'members:manage' },
  {
    method: 'POST',
    route: '/api/v1/organizations/:id/members/invite',
    permission: 'members:manage',
    body: () => ({ email: uniqueEmail('roles'), role: 'viewer' }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/organizations/:id/members/:userId',
    permission: 'members:manage',
    body: () => ({ role: 'viewer' }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/organizations/:id/members/:userId',
    permission: 'members:manage',
  },
  {
    method: 'DELETE',
    route: '/api/v1/organizations/:id/invitations/:invitationId',
    permission: 'members:manage',
  },
  { method: 'GET', route: '/api/v1/wallet', permission: 'wallet:read' },
  { method: 'GET', route: '/api/v1/wallet/usage', permission: 'wallet:read' },
  { method: 'GET', route: '/api/v1/wallet/daily-summary', permission: 'wallet:read' },
  { method: 'GET', route: '/api/v1/wallet/statements', permission: 'wallet:read' },
  { method: 'GET', route: '/api/v1/wallet/statements/:month', permission: 'wallet:read' },
  { method: 'GET', route: '/api/v1/wallet/statements/:month/csv', permission: 'wallet:read' },
  { method: 'GET', route: '/api/v1/tokens', permission: 'codes:read' },
  { method: 'POST', route: '/api/v1/verification-requests', permission: 'codes:verify' },
  { method: 'GET', route: '/api/v1/verification-requests', permission: 'codes:verify' },
  {
    method: 'GET',
    route: '/api/v1/verification-requests/:request_id',
    permission: 'codes:verify',
  },
  {
    method: 'POST',
    route: '/api/v1/verification-requests/:request_id/cancel',
    permission: 'codes:verify',
  },
  { method: 'GET', route: '/api/v1/tokens/:token_id/history', permission: 'codes:read' },
  { method: 'POST', route: '/api/v1/tokens/:token_id/revoke', permission: 'codes:revoke' },
  {
    method: 'POST',
    route: '/api/v1/tokens/verify',
    permission: 'codes:verify',
    body: () => ({ token: 'TQ-NOT-A-CODE' }),
  },
  { method: 'GET', route: '/api/v1/security/api-keys', permission: 'keys:manage' },
  { method: 'GET', route: '/api/v1/dashboard/security/api-keys', permission: 'keys:manage' },
  {
    method: 'POST',
    route: '/api/v1/security/api-keys',
    permission: 'keys:manage',
    body: () => ({ key_name: 'Roles key' }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/security/api-keys/:id',
    permission: 'keys:manage',
    body: () => ({ is_active: false }),
  },
  { method: 'DELETE', route: '/api/v1/security/api-keys/:id', permission: 'keys:manage' },
  {
    method: 'POST',
    route: '/api/v1/security/api-keys/:id/roll',
    permission: 'keys:manage',
    body: () => ({ grace_seconds: 60 }),
  },
  { method: 'GET', route: '/api/v1/audit/verify', permission: 'security:read' },
  { method: 'GET', route: '/api/v1/security/trusted-ips', permission: 'security:read' },
  { method: 'GET', route: '/api/v1/dashboard/security/trusted-ips', permission: 'security:read' },
  {
    method: 'POST',
    route: '/api/v1/security/trusted-ips',
    permission: 'security:manage',
    body: () => ({ ip_address: '203.0.113.9', description: 'Office' }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/security/trusted-ips/:id',
    permission: 'security:manage',
    body: () => ({ is_active: false }),
  },
  { method: 'DELETE', route: '/api/v1/security/trusted-ips/:id', permission: 'security:manage' },
  { method: 'GET', route: '/api/v1/security/country-rules', permission: 'security:read' },
  {
    method: 'POST',
    route: '/api/v1/security/country-rules',
    permission: 'security:manage',
    body: () => ({ country_code: 'SA', is_allowed: true }),
  },
  { method: 'GET', route: '/api/v1/security/country-policy', permission: 'security:read' },
  {
    method: 'PUT',
    route: '/api/v1/security/country-policy',
    permission: 'security:manage',
    body: () => ({ mode: 'block', countries: [] }),
  },
  {
    method: 'POST',
    route: '/api/v1/security/network-check',
    permission: 'security:read',
    body: () => ({ ip_address: '203.0.113.9' }),
  },
  {
    method: 'GET',
    route: '/api/v1/security/organization-settings',
    permission: 'security:read',
  },
  {
    method: 'PATCH',
    route: '/api/v1/security/organization-settings',
    permission: 'security:manage',
    body: () => ({ geo_blocking_enabled: false }),
  },
  { method: 'GET', route: '/api/v1/security/events', permission: 'security:read' },
  {
    method: 'GET',
    route: '/api/v1/dashboard/security/security-events',
    permission: 'security:read',
  },
  { method: 'GET', route: '/api/v1/security/events/export', permission: 'security:read' },
  {
    method: 'PATCH',
    route: '/api/v1/security/events/:id/resolve',
    permission: 'security:manage',
  },
  { method: 'GET', route: '/api/v1/security/stats', permission: 'security:read' },
  { method: 'GET', route: '/api/v1/security/requests', permission: 'security:read' },
  {
    method: 'GET',
    route: '/api/v1/dashboard/security/analytics',
    permission: 'security:read',
  },
  { method: 'GET', route: '/api/v1/security/notifications', permission: 'security:read' },
  {
    method: 'POST',
    route: '/api/v1/security/notifications',
    permission: 'security:manage',
    body: () => ({
      notification_type: 'email',
      event_types: ['key_disabled'],
      destination: 'security@example.sa',
    }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/security/notifications/:id',
    permission: 'security:manage',
    body: () => ({ is_active: false }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/security/notifications/:id',
    permission: 'security:manage',
  },
  {
    method: 'POST',
    route: '/api/v1/security/notifications/:id/test',
    permission: 'security:manage',
  },
  {
    method: 'POST',
    route: '/api/v1/security/notifications/:id/confirmation',
    permission: 'security:manage',
  },
  {
    method: 'GET',
    route: '/api/v1/security/notifications/:id/deliveries',
    permission: 'security:read',
  },
  {
    method: 'POST',
    route: '/api/v1/security/notifications/deliveries/:id/replay',
    permission: 'security:manage',
  },
];

/**
 * /api/v1 routes that are not organisation-role routes: public, any signed-in user, individuals,
 * and the operator's (OPERATOR_TOKEN, data-folder.test.ts).
 */
const NOT_ORGANISATION_ROUTES = [
  /^\/api\/v1\/operator\//,
  /^\/api\/v1\/(health|health\/live|health\/ready|config|contact|signup|openapi\.json)$/,
  /^\/api\/v1\/auth\//,
  /^\/api\/v1\/invitations\/(preview|accept)$/,
  // The owner of a mailbox an organisation named confirms it (no sign-in: the link's token).
  /^\/api\/v1\/notification-destinations\/confirm$/,
  // A verification request's public page /r/{id}: who asks and for what (no sign-in).
  /^\/api\/v1\/verification-requests\/:request_id\/public$/,
  /^\/api\/v1\/(individuals|me|documents|profile)(\/|$)/,
];

/** Routes of the running app as `METHOD /path`, read from Fastify's own route tree. */
async function registeredRoutes(): Promise<string[]> {
  // Migrated: the server reads persisted state (rate-limit hits) when it is built.
  const db = await createTestDatabase('pglite');
  const { app } = await buildApp({ config: testConfig(), db, runBackgroundJobs: false });
  await app.ready();
  const tree = app.printRoutes({ commonPrefix: false });
  await app.close();
  await db.close();
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\/\S*) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = Math.max(0, match[1]!.length / 4 - 1);
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('the role table covers every organisation endpoint', () => {
  let routes: string[];
  beforeAll(async () => {
    routes = (await registeredRoutes()).filter((route) => route.includes(' /api/v1/'));
  });

  it('says what the issue says: owners and admins manage members and settings, developers keys and security reads, verifiers decrypt, viewers read', () => {
    const all = ['owner', 'admin', 'developer', 'verifier', 'viewer'];
    expect(PERMISSIONS).toEqual({
      'dashboard:read': all,
      'wallet:read': all,
      'codes:read': all,
      'codes:verify': ['owner', 'admin', 'verifier'],
      'codes:revoke': ['owner', 'admin'],
      'keys:manage': ['owner', 'admin', 'developer'],
      'security:read': ['owner', 'admin', 'developer', 'viewer'],
      'security:manage': ['owner', 'admin'],
      'settings:manage': ['owner', 'admin'],
      'members:manage': ['owner', 'admin'],
      'credentials:read': ['owner', 'admin'],
    });
  });

  it('lists every /api/v1 route either in the table or as not organisation-scoped', async () => {
    expect(routes.length).toBeGreaterThan(ENDPOINTS.length);
    const inTable = new Set(ENDPOINTS.map((e) => `${e.method} ${e.route}`));
    const unlisted = routes.filter(
      (route) =>
        !inTable.has(route) &&
        !NOT_ORGANISATION_ROUTES.some((pattern) => pattern.test(route.split(' ')[1]!)),
    );
    expect(unlisted, 'add these routes to ENDPOINTS with their permission').toEqual([]);
    const missing = [...inTable].filter((route) => !routes.includes(route));
    expect(missing, 'these table rows name no registered route').toEqual([]);
  });
});

describe.each(databaseKinds)('roles on %s', (kind) => {
  let server: TestServer;
  let organizationId: string;
  const tokens = {} as Record<MemberRole, string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const org = await createOrganization(server.baseUrl);
    organizationId = org.organization.id;
    tokens.owner = org.token;
    for (const role of MEMBER_ROLES.filter((r) => r !== 'owner')) {
      tokens[role] = (await addMember(server, org.token, organizationId, role)).token;
    }
  });
  afterAll(() => server.close());

  const pathOf = (route: string) =>
    route
      .replace(':id', route.startsWith('/api/v1/organizations/') ? organizationId : randomUUID())
      .replace(/:\w+/g, () => randomUUID());

  it('each member signed in through the invitation has the role it was invited with', async () => {
    for (const role of MEMBER_ROLES) {
      const me = await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token: tokens[role] });
      expect(me.body.organization).toMatchObject({ id: organizationId, role });
    }
  });

  const cases = ENDPOINTS.flatMap((endpoint) =>
    MEMBER_ROLES.map((role) => ({ ...endpoint, role, allowed: can(role, endpoint.permission) })),
  );
  it.each(cases)(
    '$method $route as $role ($permission): allowed $allowed',
    async ({ method, route, body, role, allowed }) => {
      const res = await request(server.baseUrl, method, pathOf(route), {
        token: tokens[role],
        json: body?.(),
      });
      if (allowed) {
        expect(res.status, JSON.stringify(res.body)).not.toBe(403);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(403);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body).toMatchObject({ code: 'forbidden', status: 403 });
        expect(res.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
      }
    },
  );

  it('a viewer cannot create keys (403) or read the client secret (403)', async () => {
    const key = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
      token: tokens.viewer,
      json: { key_name: 'Viewer key' },
    });
    expect(key.status).toBe(403);
    expect(JSON.stringify(key.body)).not.toContain('tqs_live_');
    const secret = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${organizationId}/credentials`,
      { token: tokens.viewer },
    );
    expect(secret.status).toBe(403);
    expect(JSON.stringify(secret.body)).not.toContain('tqcs_live_');
  });
});
