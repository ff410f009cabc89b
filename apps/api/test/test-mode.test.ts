import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createIntegrator,
  createKey,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const GENERATE_BODY = { data: { full_name: 'سارة', iban: 'SA0380000000608010167519' } };

describe.each(databaseKinds)('test mode on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const get = (token: string, path: string) => request(server.baseUrl, 'GET', path, { token });

  /** An organisation with a live key (`call`) and a test key (`callTest`). */
  async function integratorWithTestKey(keyBody: Record<string, unknown> = {}) {
    const org = await createIntegrator(server.baseUrl, { key_name: 'Live key' });
    const testKey = await createKey(server.baseUrl, org.token, {
      key_name: 'Sandbox key',
      mode: 'test',
      ...keyBody,
    });
    const testHeaders = basicAuth(org.organization.client_id, testKey);
    const callTest = (method: string, path: string, json?: unknown) =>
      request(server.baseUrl, method, path, { headers: testHeaders, json });
    return { ...org, testKey, testHeaders, callTest };
  }

  it('creates test keys with their own prefixes and lists their mode', async () => {
    const org = await integratorWithTestKey();
    expect(org.testKey.api_key).toMatch(/^tqk_test_[0-9A-Za-z]{28,}$/);
    expect(org.testKey.api_secret).toMatch(/^tqs_test_[0-9A-Za-z]{48,}$/);
    const keys = (await get(org.token, '/api/v1/security/api-keys')).body.api_keys;
    expect(keys.map((key: any) => [key.key_name, key.mode])).toEqual([
      ['Sandbox key', 'test'],
      ['Live key', 'live'],
    ]);
    const bad = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
      token: org.token,
      json: { key_name: 'x', mode: 'sandbox' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('keyModeInvalid');
    // Rolled, a test key keeps a test secret.
    const rolled = await request(
      server.baseUrl,
      'POST',
      `/api/v1/security/api-keys/${org.testKey.id}/roll`,
      { token: org.token, json: { grace_seconds: 0 } },
    );
    expect(rolled.body.api_secret).toMatch(/^tqs_test_/);
  });

  it('never bills a test call: generate, verify, status and revoke leave the wallet as it was', async () => {
    const org = await integratorWithTestKey({
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const before = (await get(org.token, '/api/v1/wallet')).body;
    const issued = await org.callTest('POST', '/v1/tokens/generate', GENERATE_BODY);
    expect(issued.status).toBe(201);
    const verified = await org.callTest('POST', '/v1/tokens/verify', { token: issued.body.token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual(GENERATE_BODY.data);
    const other = await org.callTest('POST', '/v1/tokens/generate', GENERATE_BODY);
    expect(
      (await org.callTest('GET', `/v1/tokens/${other.body.token_id}/status`)).body.status,
    ).toBe('active');
    expect((await org.callTest('POST', `/v1/tokens/${other.body.token_id}/revoke`)).status).toBe(
      200,
    );
    // Test calls through an OAuth access token are test calls too.
    const oauth = await request(server.baseUrl, 'POST', '/v1/oauth/token', {
      json: {
        grant_type: 'client_credentials',
        client_id: org.testKey.api_key,
        client_secret: org.testKey.api_secret,
      },
    });
    const viaBearer = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: {
        'x-client-id': org.organization.client_id,
        authorization: `Bearer ${oauth.body.access_token}`,
      },
      json: GENERATE_BODY,
    });
    expect(viaBearer.status).toBe(201);

    const after = (await get(org.token, '/api/v1/wallet')).body;
    expect(after).toEqual(before);
    const [usage] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from usage_logs where organization_id = $1',
      [org.organization.id],
    );
    expect(usage!.n).toBe(0);
    // A live call still is.
    expect((await org.call('POST', '/v1/tokens/generate', GENERATE_BODY)).status).toBe(201);
    expect((await get(org.token, '/api/v1/wallet')).body.total_calls).toBe(before.total_calls + 1);
  });

  it('keeps test and live codes apart: each is unknown to keys of the other mode', async () => {
    const issuer = await integratorWithTestKey();
    const audience = await integratorWithTestKey();
    const testCode = await issuer.callTest('POST', '/v1/tokens/generate', {
      ...GENERATE_BODY,
      audience: audience.organization.client_id,
    });
    const liveCode = await issuer.call('POST', '/v1/tokens/generate', {
      ...GENERATE_BODY,
      audience: audience.organization.client_id,
    });
    const byLiveKey = await audience.call('POST', '/v1/tokens/verify', {
      token: testCode.body.token,
    });
    expect(byLiveKey.status).toBe(404);
    expect(byLiveKey.body.code).toBe('token_not_found');
    const byTestKey = await audience.callTest('POST', '/v1/tokens/verify', {
      token: liveCode.body.token,
    });
    expect(byTestKey.body.code).toBe('token_not_found');
    // The dashboard's decrypt screen is live too.
    const atCounter = await request(server.baseUrl, 'POST', '/api/v1/tokens/verify', {
      token: audience.token,
      json: { token: testCode.body.token },
    });
    expect(atCounter.body.code).toBe('token_not_found');
    expect(
      (await issuer.call('GET', `/v1/tokens/${testCode.body.token_id}/status`)).body.code,
    ).toBe('token_not_found');

    // The audience's test key reads the test code; its live key reads the live code.
    const verified = await audience.callTest('POST', '/v1/tokens/verify', {
      token: testCode.body.token,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.issuer.client_id).toBe(issuer.organization.client_id);
    expect(
      (await audience.call('POST', '/v1/tokens/verify', { token: liveCode.body.token })).status,
    ).toBe(200);

    const codes = (await get(issuer.token, '/api/v1/tokens')).body.tokens;
    expect(codes.map((code: any) => [code.token_id, code.is_test])).toEqual([
      [liveCode.body.token_id, false],
      [testCode.body.token_id, true],
    ]);
    const testOnly = (await get(issuer.token, '/api/v1/tokens?mode=test')).body.tokens;
    expect(testOnly.map((code: any) => code.token_id)).toEqual([testCode.body.token_id]);
  });

  it('marks test calls in the request log, the analytics and the events, and filters by mode', async () => {
    const org = await integratorWithTestKey({ scopes: ['token:verify'] });
    await org.callTest('POST', '/v1/tokens/generate', GENERATE_BODY);
    await org.call('POST', '/v1/tokens/generate', GENERATE_BODY);
    await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: basicAuth(org.organization.client_id, { ...org.testKey, api_secret: 'tqs_test_x' }),
      json: GENERATE_BODY,
    });
    await server.ctx.requestLog.flush();

    const rows = (await get(org.token, '/api/v1/security/requests')).body.requests;
    expect(rows.map((row: any) => [row.status, row.is_test])).toEqual([
      [401, true],
      [201, false],
      [403, true],
    ]);
    const testRows = (await get(org.token, '/api/v1/security/requests?mode=test')).body.requests;
    expect(testRows).toHaveLength(2);
    const live = (await get(org.token, '/api/v1/dashboard/security/analytics?mode=live')).body;
    expect(live.totals.outcomes).toEqual({ success: 1 });
    const test = (await get(org.token, '/api/v1/dashboard/security/analytics?mode=test')).body;
    expect(test.totals.outcomes).toEqual({ insufficient_scope: 1, invalid_api_key: 1 });

    const events = (await get(org.token, '/api/v1/security/events')).body.events;
    const scopeEvent = events.find((event: any) => event.event_type === 'invalid_scope');
    expect(scopeEvent).toMatchObject({ api_key_name: 'Sandbox key', is_test: true });
    const liveEvents = (await get(org.token, '/api/v1/security/events?mode=live')).body.events;
    expect(liveEvents.map((event: any) => [event.event_type, event.is_test])).toEqual([
      ['key_first_use', false],
    ]);
  });
});
