import { describe, expect, it } from 'vitest';
import { databaseKinds, request } from './harness.ts';
import { fromIp, lastCode, register, useIndividualsServer } from './individuals-helpers.ts';

const CONFIRM = 'POST /api/v1/auth/verify/individual';
const RESEND = 'POST /api/v1/auth/resend-code';

/**
 * Valid bodies of the routes that read their body before the caller (it names the organisation):
 * an invalid one would be refused for itself, before the token is looked at.
 */
const BODIES: Record<string, unknown> = {
  'POST /api/v1/security/trusted-ips': { ip_address: '192.0.2.1', description: 'office' },
  'PATCH /api/v1/security/trusted-ips/:id': { is_active: true },
  'POST /api/v1/security/country-rules': { country_code: 'SA', is_allowed: true },
  'PATCH /api/v1/security/organization-settings': { geo_blocking_enabled: true },
  'POST /api/v1/security/notifications': {
    notification_type: 'email',
    event_types: ['ip_blocked'],
    destination: 'alerts@example.sa',
  },
  'PATCH /api/v1/security/notifications/:id': { is_active: true },
};

/**
 * The token a registration answers is a session of an account nobody has confirmed yet: it may
 * confirm the account and ask for a new code, nothing else, until the code is entered.
 */
describe.each(databaseKinds)('the token of an unconfirmed individual on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2026-03-01T09:00:00Z');
  const { clock, post } = suite;

  /**
   * Every dashboard route that needs a signed-in user: the document's default bearer scheme (the
   * public ones declare `security: []`, the operator's its own), but the document itself.
   */
  function signedInRoutes() {
    return suite.server.routes
      .filter(
        (route) =>
          route.url.startsWith('/api/v1/') &&
          route.url !== '/api/v1/openapi.json' &&
          route.schema?.security === undefined,
      )
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${route.url}`),
      );
  }

  async function call(route: string, token: string, ip: string) {
    const [method, url] = route.split(' ') as [string, string];
    const path = url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
    return request(suite.server.baseUrl, method, path, {
      token,
      headers: fromIp(ip),
      ...(method === 'GET' || method === 'DELETE' ? {} : { json: BODIES[route] ?? {} }),
    });
  }

  it('opens every other signed-in route to nobody until the account is confirmed', async () => {
    const person = await register(suite.server);
    const routes = signedInRoutes().filter((route) => route !== CONFIRM && route !== RESEND);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/auth/me',
        'GET /api/v1/profile',
        'POST /api/v1/profile/password',
        'POST /api/v1/profile/2fa/setup',
        'POST /api/v1/profile/2fa/enable',
        'GET /api/v1/me/codes',
        'GET /api/v1/organizations/:id/members',
      ]),
    );
    const answers = [];
    for (const route of routes) {
      const res = await call(route, person.token, person.ip);
      answers.push({
        route,
        status: res.status,
        type: res.headers.get('content-type'),
        code: res.body?.code,
      });
    }
    expect(answers.filter((answer) => answer.code !== 'account_unconfirmed')).toEqual([]);
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.type).toContain('application/problem+json');
    }

    // What it may do: a new code, then the confirmation; after that the same token opens the rest.
    clock.advance(61_000);
    const resent = await post('/api/v1/auth/resend-code', {
      token: person.token,
      json: { method: 'sms' },
      headers: fromIp(person.ip),
    });
    expect(resent.status).toBe(200);
    const confirmed = await post('/api/v1/auth/verify/individual', {
      token: person.token,
      json: { method: 'sms', code: lastCode(suite.server, person.body.phoneNumber!) },
      headers: fromIp(person.ip),
    });
    expect(confirmed.status).toBe(200);
    const me = await request(suite.server.baseUrl, 'GET', '/api/v1/auth/me', {
      token: person.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.user.confirmed).toBe(true);
  });

  it('limits a sign-in of an unconfirmed account the same way, and lets it sign out', async () => {
    const person = await register(suite.server);
    const login = await post('/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(person.ip),
    });
    expect(login.status).toBe(200);
    expect(login.body.requiresConfirmation).toBe(true);
    const token = login.body.token as string;
    const password = await post('/api/v1/profile/password', {
      token,
      json: {
        currentPassword: person.body.password,
        newPassword: 'N3wPassword',
        confirmPassword: 'N3wPassword',
      },
      headers: fromIp(person.ip),
    });
    expect(password.status).toBe(403);
    expect(password.body.code).toBe('account_unconfirmed');

    const logout = await post('/api/v1/auth/logout?kind=individual', { token });
    expect(logout.status).toBe(200);
    const after = await post('/api/v1/auth/resend-code', {
      token,
      json: { method: 'email' },
      headers: fromIp(person.ip),
    });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_expired');
  });
});
