import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { databaseTransport } from '../src/lib/invalidation/invalidation-bus.ts';
import {
  basicAuth,
  createIntegrator,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const GENERATE_BODY = { data: { full_name: 'سارة' }, expires_in: 600 };
const OFFICE_IP = '203.0.113.5';

describe.each(databaseKinds)('editing and rolling API keys on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  const patch = (token: string, id: string, json: unknown) =>
    request(server.baseUrl, 'PATCH', `/api/v1/security/api-keys/${id}`, { token, json });
  const roll = (token: string, id: string, json: unknown) =>
    request(server.baseUrl, 'POST', `/api/v1/security/api-keys/${id}/roll`, { token, json });
  const generateWith = (headers: Record<string, string>, ip = '198.51.100.7') =>
    request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: { ...headers, 'x-forwarded-for': ip },
      json: GENERATE_BODY,
    });
  const oauthToken = (clientId: string, clientSecret: string) =>
    request(server.baseUrl, 'POST', '/v1/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });

  it('changes every setting at once: the next call meets the new name, scopes, addresses, limits and expiry', async () => {
    const org = await createIntegrator(server.baseUrl, { key_name: 'Before' });
    const notices: string[] = [];
    const listener = await databaseTransport(server.db).listen({
      onMessage: (payload) => notices.push(payload),
      onLost() {},
      onListening() {},
    });
    try {
      expect((await generateWith(org.headers)).status).toBe(201);
      const edited = await patch(org.token, org.key.id, {
        key_name: 'After',
        scopes: ['token:verify'],
        allowed_ips: `${OFFICE_IP}, 198.51.100.0/24`,
        rate_limit_per_hour: 500,
        rate_limit_per_minute: 1,
        expires_at: '2026-11-23T10:00:00Z',
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        success: true,
        id: org.key.id,
        key_name: 'After',
        scopes: ['token:verify'],
        allowed_ips: [OFFICE_IP, '198.51.100.0/24'],
        rate_limit_per_hour: 500,
        rate_limit_per_minute: 1,
        expires_at: '2026-11-23T10:00:00.000Z',
        is_active: true,
      });
      expect(JSON.stringify(edited.body)).not.toMatch(/tqs_|secret_hash|api_secret/);
      // Published for every process (another one would drop its cached credential).
      const deadline = Date.now() + 2000;
      while (!notices.includes(`api-key ${org.key.id}`) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(notices).toContain(`api-key ${org.key.id}`);
    } finally {
      await listener.close();
    }

    expect((await generateWith(org.headers)).body.code).toBe('insufficient_scope');
    await patch(org.token, org.key.id, { scopes: ['token:generate'] });
    expect((await generateWith(org.headers, '192.0.2.1')).body.code).toBe('ip_not_allowed');
    clock.advance(61_000);
    expect((await generateWith(org.headers, OFFICE_IP)).status).toBe(201);
    expect((await generateWith(org.headers, OFFICE_IP)).body.code).toBe('rate_limited');
    await patch(org.token, org.key.id, { rate_limit_per_minute: 100, allowed_ips: null });
    expect((await generateWith(org.headers, '192.0.2.1')).status).toBe(201);

    clock.advance(25 * 60 * 60_000);
    expect((await generateWith(org.headers)).body.code).toBe('key_expired');
    const relogin = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: org.admin.email, password: org.admin.password },
    });
    const cleared = await patch(relogin.body.token, org.key.id, { expires_at: null });
    expect(cleared.body.expires_at).toBeNull();
    expect((await generateWith(org.headers)).status).toBe(201);

    const [listed] = (
      await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', {
        token: relogin.body.token,
      })
    ).body.api_keys;
    expect(listed).toMatchObject({
      key_name: 'After',
      rate_limit_per_hour: 500,
      allowed_ips: null,
    });
    clock.set(new Date('2026-11-22T10:00:00Z'));
  });

  it('refuses bad changes as a whole and leaves the key as it was', async () => {
    const org = await createIntegrator(server.baseUrl, { key_name: 'Stable' });
    const cases: Array<[unknown, string]> = [
      [{}, 'settingRequired'],
      [{ key_name: '  ' }, 'keyNameRequired'],
      [{ key_name: 'New name', scopes: [] }, 'scopesRequired'],
      [{ key_name: 'New name', scopes: ['token:fly'] }, 'scopeUnknown'],
      [{ key_name: 'New name', allowed_ips: '10.0.0.300' }, 'ipInvalid'],
      [{ key_name: 'New name', rate_limit_per_minute: 0 }, 'rateLimitInvalid'],
      [{ key_name: 'New name', expires_at: 'tomorrow' }, 'expiresAtInvalid'],
      [{ key_name: 'New name', expires_at: '2020-01-01T00:00:00Z' }, 'expiresAtPast'],
    ];
    for (const [body, code] of cases) {
      const res = await patch(org.token, org.key.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const [key] = (
      await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', { token: org.token })
    ).body.api_keys;
    expect(key.key_name).toBe('Stable');
  });

  it("answers 404 for another organisation's key or organisation id, and changes nothing there", async () => {
    const mine = await createOrganization(server.baseUrl);
    const theirs = await createIntegrator(server.baseUrl, { key_name: 'Theirs' });
    expect((await patch(mine.token, theirs.key.id, { key_name: 'Mine now' })).status).toBe(404);
    expect((await roll(mine.token, theirs.key.id, { grace_seconds: 0 })).status).toBe(404);
    const foreignOrg = await patch(mine.token, theirs.key.id, {
      key_name: 'x',
      organization_id: theirs.organization.id,
    });
    expect(foreignOrg.status).toBe(404);
    expect((await generateWith(theirs.headers)).status).toBe(201);
    const [key] = (
      await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', { token: theirs.token })
    ).body.api_keys;
    expect(key.key_name).toBe('Theirs');
  });

  it('rolls the secret: shown once, the old one works until the grace period ends, then is refused', async () => {
    const org = await createIntegrator(server.baseUrl);
    const oldSecret = org.key.api_secret;
    const beforeRoll = await oauthToken(org.key.api_key, oldSecret);
    const rolled = await roll(org.token, org.key.id, { grace_seconds: 1800 });
    expect(rolled.status).toBe(200);
    expect(rolled.headers.get('cache-control')).toBe('no-store');
    expect(rolled.body).toMatchObject({
      success: true,
      id: org.key.id,
      api_key: org.key.api_key,
      previous_secret_expires_at: new Date(clock.now().getTime() + 1800_000).toISOString(),
    });
    const newSecret = rolled.body.api_secret as string;
    expect(newSecret).toMatch(/^tqs_live_/);
    expect(newSecret).not.toBe(oldSecret);
    const newHeaders = basicAuth(org.organization.client_id, { ...org.key, api_secret: newSecret });

    expect((await generateWith(org.headers)).status).toBe(201);
    expect((await generateWith(newHeaders)).status).toBe(201);
    const [listed] = (
      await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', { token: org.token })
    ).body.api_keys;
    expect(listed.previous_secret_expires_at).toBe(rolled.body.previous_secret_expires_at);
    expect(JSON.stringify(listed)).not.toContain(newSecret);

    // An access token obtained with the old secret ends with it.
    const duringGrace = await oauthToken(org.key.api_key, oldSecret);
    expect(duringGrace.status).toBe(200);
    expect(duringGrace.body.expires_in).toBe(1800);
    clock.advance(15 * 60_000);
    expect((await oauthToken(org.key.api_key, oldSecret)).body.expires_in).toBe(900);
    const bearer = (token: string) => ({
      'x-client-id': org.organization.client_id,
      authorization: `Bearer ${token}`,
    });
    expect((await generateWith(bearer(beforeRoll.body.access_token))).status).toBe(201);

    // The grace period is over; the token from before the roll would otherwise live 29 more minutes.
    clock.advance(15 * 60_000 + 1000);
    const refused = await generateWith(org.headers);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_api_key');
    expect((await oauthToken(org.key.api_key, oldSecret)).status).toBe(401);
    expect((await generateWith(bearer(beforeRoll.body.access_token))).status).toBe(401);
    expect((await generateWith(bearer(duringGrace.body.access_token))).status).toBe(401);
    expect((await generateWith(newHeaders)).status).toBe(201);
    const afterToken = await oauthToken(org.key.api_key, newSecret);
    expect((await generateWith(bearer(afterToken.body.access_token))).status).toBe(201);
    clock.set(new Date('2026-11-22T10:00:00Z'));
  });

  it('rolls without grace (the old secret stops at once) and a second roll ends the first grace', async () => {
    const org = await createIntegrator(server.baseUrl);
    const first = await roll(org.token, org.key.id, { grace_seconds: 600 });
    const second = await roll(org.token, org.key.id, {});
    expect(second.body.previous_secret_expires_at).toBeNull();
    for (const secret of [org.key.api_secret, first.body.api_secret]) {
      const res = await generateWith(
        basicAuth(org.organization.client_id, { ...org.key, api_secret: secret }),
      );
      expect(res.status).toBe(401);
    }
    const current = basicAuth(org.organization.client_id, {
      ...org.key,
      api_secret: second.body.api_secret,
    });
    expect((await generateWith(current)).status).toBe(201);
    for (const grace of [-1, 7 * 86_400 + 1, 'soon']) {
      const res = await roll(org.token, org.key.id, { grace_seconds: grace });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('graceInvalid');
    }
    expect((await generateWith(current)).status).toBe(201);
  });
});
