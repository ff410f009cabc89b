import { TEST_NATIONAL_IDS } from '@tanqin/shared';
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

  it('creates test keys with their own prefixes and lists each mode apart', async () => {
    const org = await integratorWithTestKey();
    expect(org.testKey.api_key).toMatch(/^tqk_test_[0-9A-Za-z]{28,}$/);
    expect(org.testKey.api_secret).toMatch(/^tqs_test_[0-9A-Za-z]{48,}$/);
    const keys = async (query: string) =>
      (await get(org.token, `/api/v1/security/api-keys${query}`)).body.api_keys.map((key: any) => [
        key.key_name,
        key.mode,
      ]);
    expect(await keys('')).toEqual([['Live key', 'live']]);
    expect(await keys('?mode=test')).toEqual([['Sandbox key', 'test']]);
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

  it('never names a real person: a test key takes only the test national ids, a live key refuses them', async () => {
    const org = await integratorWithTestKey();
    const withSubject = (nationalId: string) => ({
      ...GENERATE_BODY,
      subject: { national_id: nationalId },
    });
    expect(TEST_NATIONAL_IDS).toContain('1999999004');
    expect(TEST_NATIONAL_IDS).toContain('2999999002');
    for (const id of ['1999999004', '2999999002']) {
      expect((await org.callTest('POST', '/v1/tokens/generate', withSubject(id))).status).toBe(201);
    }
    // A real id (valid check digit), and one in the test range with a wrong check digit.
    for (const id of ['1098765439', '1999999005']) {
      const refused = await org.callTest('POST', '/v1/tokens/generate', withSubject(id));
      expect(refused.status, id).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body).toMatchObject({ code: 'test_national_id_required' });
      expect(refused.body.detail_ar).toContain('1999999');
    }
    const live = await org.call('POST', '/v1/tokens/generate', withSubject('1999999004'));
    expect(live.status).toBe(400);
    expect(live.body).toMatchObject({ code: 'test_national_id_in_live' });
    expect((await org.call('POST', '/v1/tokens/generate', withSubject('1098765439'))).status).toBe(
      201,
    );
    // Nothing was issued for the refused calls; without a subject both modes issue as before.
    const [issued] = await server.db.query<{ test: number; live: number }>(
      `select count(*) filter (where is_test)::int as test, count(*) filter (where not is_test)::int as live
         from tokens where organization_id = $1`,
      [org.organization.id],
    );
    expect(issued).toEqual({ test: 2, live: 1 });
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

    // The console shows one mode's codes: live by default, test codes only under mode=test.
    const ids = async (token: string, query: string) => {
      const answer = (await get(token, `/api/v1/tokens${query}`)).body;
      return [answer.total, answer.tokens.map((code: any) => [code.token_id, code.is_test])];
    };
    expect(await ids(issuer.token, '')).toEqual([1, [[liveCode.body.token_id, false]]]);
    expect(await ids(issuer.token, '?mode=live')).toEqual([1, [[liveCode.body.token_id, false]]]);
    expect(await ids(issuer.token, '?mode=test')).toEqual([1, [[testCode.body.token_id, true]]]);
    expect(await ids(audience.token, '?direction=received')).toEqual([
      1,
      [[liveCode.body.token_id, false]],
    ]);
    expect(await ids(audience.token, '?direction=received&mode=test')).toEqual([
      1,
      [[testCode.body.token_id, true]],
    ]);
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
    expect(rows.map((row: any) => [row.status, row.is_test])).toEqual([[201, false]]);
    const testRows = (await get(org.token, '/api/v1/security/requests?mode=test')).body.requests;
    expect(testRows.map((row: any) => [row.status, row.is_test])).toEqual([
      [401, true],
      [403, true],
    ]);
    for (const query of ['', '?mode=live']) {
      const live = (await get(org.token, `/api/v1/dashboard/security/analytics${query}`)).body;
      expect(live.totals.outcomes).toEqual({ success: 1 });
    }
    const test = (await get(org.token, '/api/v1/dashboard/security/analytics?mode=test')).body;
    expect(test.totals.outcomes).toEqual({ insufficient_scope: 1, invalid_api_key: 1 });

    const events = (await get(org.token, '/api/v1/security/events?mode=test')).body.events;
    expect(events.map((event: any) => [event.event_type, event.is_test])).toEqual([
      ['invalid_scope', true],
    ]);
    expect(events[0].api_key_name).toBe('Sandbox key');
    for (const query of ['', '?mode=live']) {
      const liveEvents = (await get(org.token, `/api/v1/security/events${query}`)).body.events;
      expect(liveEvents.map((event: any) => [event.event_type, event.is_test])).toEqual([
        ['key_first_use', false],
      ]);
    }
    const csv = await request(server.baseUrl, 'GET', '/api/v1/security/events/export?mode=test', {
      token: org.token,
    });
    expect(csv.body).toContain('invalid_scope');
    expect(csv.body).not.toContain('key_first_use');
  });

  it('counts each mode apart on the overview, the security cards and the key list; the wallet stays live', async () => {
    const org = await integratorWithTestKey({
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const walletBefore = (await get(org.token, '/api/v1/wallet')).body;
    const testCodes = [
      await org.callTest('POST', '/v1/tokens/generate', GENERATE_BODY),
      await org.callTest('POST', '/v1/tokens/generate', GENERATE_BODY),
      await org.callTest('POST', '/v1/tokens/generate', GENERATE_BODY),
    ];
    expect(
      (await org.callTest('POST', '/v1/tokens/verify', { token: testCodes[0]!.body.token })).status,
    ).toBe(200);
    expect(
      (await org.callTest('POST', `/v1/tokens/${testCodes[1]!.body.token_id}/revoke`)).status,
    ).toBe(200);
    expect((await org.call('POST', '/v1/tokens/generate', GENERATE_BODY)).status).toBe(201);
    await server.ctx.requestLog.flush();

    const overview = `/api/v1/organizations/${org.organization.id}/dashboard`;
    const counters = async (query: string) => {
      const { active_tokens, verifications, api_calls_this_month } = (
        await get(org.token, `${overview}${query}`)
      ).body;
      return { active_tokens, verifications, api_calls_this_month };
    };
    const live = { active_tokens: 1, verifications: 0, api_calls_this_month: 1 };
    expect(await counters('')).toEqual(live);
    expect(await counters('?mode=live')).toEqual(live);
    // Three issued, one verified, one revoked: one still usable; five successful test calls.
    expect(await counters('?mode=test')).toEqual({
      active_tokens: 1,
      verifications: 1,
      api_calls_this_month: 5,
    });

    const stats = async (query: string) => {
      const { total_api_keys, total_requests_today, blocked_requests_today } = (
        await get(org.token, `/api/v1/security/stats${query}`)
      ).body.data;
      return { total_api_keys, total_requests_today, blocked_requests_today };
    };
    expect(await stats('')).toEqual({
      total_api_keys: 1,
      total_requests_today: 1,
      blocked_requests_today: 0,
    });
    expect(await stats('?mode=test')).toEqual({
      total_api_keys: 1,
      total_requests_today: 5,
      blocked_requests_today: 0,
    });

    const keys = async (query: string) =>
      (await get(org.token, `/api/v1/security/api-keys${query}`)).body.api_keys;
    expect((await keys('')).map((key: any) => key.key_name)).toEqual(['Live key']);
    const [testCard] = await keys('?mode=test');
    expect(testCard).toMatchObject({
      key_name: 'Sandbox key',
      mode: 'test',
      usage_count: 5,
      requests_today: 5,
      requests_this_month: 5,
      last_used_ip: '127.0.0.1',
    });
    expect(testCard.last_used_at).toBeTruthy();

    // Test calls are never billed: the wallet counts the one live call only.
    const walletAfter = (await get(org.token, '/api/v1/wallet')).body;
    expect(walletAfter.total_calls).toBe(walletBefore.total_calls + 1);
  });

  it('refuses a mode that is neither live nor test on every console read, as problem+json', async () => {
    const org = await integratorWithTestKey();
    for (const path of [
      `/api/v1/organizations/${org.organization.id}/dashboard`,
      '/api/v1/tokens',
      '/api/v1/security/requests',
      '/api/v1/dashboard/security/analytics',
      '/api/v1/security/events',
      '/api/v1/security/events/export',
      '/api/v1/security/stats',
      '/api/v1/security/api-keys',
    ]) {
      const answer = await get(org.token, `${path}?mode=sandbox`);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ path: 'mode', code: 'modeInvalid' }),
      ]);
    }
  });
});
