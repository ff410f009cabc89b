import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  FLUSH_BATCH,
  type LoggedCall,
  RequestLogWriter,
} from '../src/modules/request-log/request-log.writer.ts';
import {
  basicAuth,
  createIntegrator,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const UK_IP = '81.2.69.160';
const GENERATE_BODY = { data: { full_name: 'سارة' }, expires_in: 600 };

describe.each(databaseKinds)('request log on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  const serverLog: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(kind, {
      clock,
      env: { TRUST_PROXY: 'true', REQUEST_LOG_DAYS: '30', LOG_LEVEL: 'info' },
      app: { logStream: { write: (line: string) => void serverLog.push(line) } },
    });
  });
  afterAll(() => server.close());

  const list = (token: string, query = '') =>
    request(server.baseUrl, 'GET', `/api/v1/security/requests${query}`, { token });

  it('logs admitted, refused and failed-authentication calls of the organisation, newest first', async () => {
    const org = await createIntegrator(server.baseUrl, {
      key_name: 'Counter key',
      scopes: ['token:generate'],
      rate_limit_per_minute: 2,
    });
    const generate = () =>
      request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: { ...org.headers, 'x-forwarded-for': UK_IP },
        json: GENERATE_BODY,
      });
    expect((await generate()).status).toBe(201);
    clock.advance(1000);
    const verify = await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
      headers: org.headers,
      json: { token: '0000-0000-0000-0000-0' },
    });
    expect(verify.status).toBe(403);
    clock.advance(1000);
    expect((await generate()).status).toBe(201);
    clock.advance(1000);
    expect((await generate()).status).toBe(429);
    clock.advance(1000);
    const wrongSecret = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: basicAuth(org.organization.client_id, { ...org.key, api_secret: 'tqs_live_x' }),
      json: GENERATE_BODY,
    });
    expect(wrongSecret.status).toBe(401);
    // Credentials naming nobody are nobody's log.
    await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: { 'x-client-id': 'junk', authorization: 'Basic am9objpkb2U=' },
      json: GENERATE_BODY,
    });
    await server.ctx.requestLog.flush();

    const page = await list(org.token);
    expect(page.status).toBe(200);
    expect(page.body.next_cursor).toBeNull();
    const rows = page.body.requests;
    expect(rows.map((row: any) => [row.status, row.code])).toEqual([
      [401, 'invalid_api_key'],
      [429, 'rate_limited'],
      [201, null],
      [403, 'insufficient_scope'],
      [201, null],
    ]);
    expect(rows[4]).toMatchObject({
      method: 'POST',
      path: '/v1/tokens/generate',
      api_key_id: org.key.id,
      api_key_name: 'Counter key',
      client_ip: UK_IP,
      country: 'GB',
      is_test: false,
      created_at: '2026-11-22T10:00:00.000Z',
    });
    expect(rows[4].latency_ms).toBeGreaterThanOrEqual(0);
    // The failed authentication names the key whose public half was presented.
    expect(rows[0]).toMatchObject({ api_key_id: org.key.id, api_key_name: 'Counter key' });
    expect(JSON.stringify(page.body)).not.toContain(org.key.api_secret);
  });

  it('masks a code typed into a path before the request log, security events and server log keep it', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 3 });
    const issued = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: org.headers,
      json: GENERATE_BODY,
    });
    const code: string = issued.body.token;
    const typed = [code, code.toLowerCase().replaceAll('-', ' '), code.replaceAll('-', '')];
    for (const form of typed) {
      const res = await request(
        server.baseUrl,
        'GET',
        `/v1/tokens/${encodeURIComponent(form)}/status`,
        { headers: org.headers },
      );
      // The third is over the limit: a security event that names the path.
      expect(res.status, form).toBe(form === typed[2] ? 429 : 404);
    }
    await server.ctx.requestLog.flush();
    const logged = (await list(org.token)).body.requests.filter(
      (row: { path: string }) => row.path !== '/v1/tokens/generate',
    );
    expect(logged.map((row: { path: string }) => row.path)).toEqual(
      typed.map(() => '/v1/tokens/[masked]/status'),
    );
    const events = await request(server.baseUrl, 'GET', '/api/v1/security/events', {
      token: org.token,
    });
    expect(JSON.stringify(events.body)).toContain('/v1/tokens/[masked]/status');
    expect(serverLog.join('\n')).toContain('/v1/tokens/[masked]/status');
    const everything = JSON.stringify([logged, events.body, serverLog]).toUpperCase();
    expect(everything).not.toContain(code.replaceAll('-', '').slice(0, 8));
    expect(everything).not.toContain(code.slice(0, 9));
  });

  it('filters by key, status, code and time, and pages by cursor without gaps or repeats', async () => {
    const org = await createIntegrator(server.baseUrl, { key_name: 'Paging key' });
    const other = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
      token: org.token,
      json: { key_name: 'Other key' },
    });
    const otherHeaders = basicAuth(org.organization.client_id, other.body);
    const start = clock.now();
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await org.call('POST', '/v1/tokens/generate', GENERATE_BODY);
    }
    clock.advance(1000);
    await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
      headers: otherHeaders,
      json: { token: '0000-0000-0000-0000-0' },
    });
    await server.ctx.requestLog.flush();

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(
        org.token,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.requests.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.requests.map((row: any) => row.id));
      cursor = page.body.next_cursor;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);

    const byKey = await list(org.token, `?api_key_id=${other.body.id}`);
    expect(byKey.body.requests).toHaveLength(1);
    expect(byKey.body.requests[0]).toMatchObject({ status: 404, code: 'token_not_found' });
    expect((await list(org.token, '?status=success')).body.requests).toHaveLength(5);
    expect((await list(org.token, '?status=failure')).body.requests).toHaveLength(1);
    expect((await list(org.token, '?status=404')).body.requests).toHaveLength(1);
    expect((await list(org.token, '?code=token_not_found')).body.requests).toHaveLength(1);
    expect((await list(org.token, '?mode=test')).body.requests).toHaveLength(0);
    const from = new Date(start.getTime() + 2000).toISOString();
    const to = new Date(start.getTime() + 4000).toISOString();
    const window = await list(org.token, `?from=${from}&to=${to}`);
    expect(window.body.requests.map((row: any) => row.created_at)).toEqual([
      new Date(start.getTime() + 3000).toISOString(),
      new Date(start.getTime() + 2000).toISOString(),
    ]);

    expect((await list(org.token, '?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await list(org.token, '?status=ok')).status).toBe(400);
  });

  it("answers 404 for another organisation's id and never shows another organisation's calls", async () => {
    const mine = await createOrganization(server.baseUrl);
    const theirs = await createIntegrator(server.baseUrl);
    await theirs.call('POST', '/v1/tokens/generate', GENERATE_BODY);
    await server.ctx.requestLog.flush();
    const foreign = await list(mine.token, `?organization_id=${theirs.organization.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toContain('application/problem+json');
    const own = await list(mine.token, `?organization_id=${mine.organization.id}`);
    expect(own.status).toBe(200);
    expect(own.body.requests).toEqual([]);
    const analytics = await request(
      server.baseUrl,
      'GET',
      `/api/v1/dashboard/security/analytics?organization_id=${theirs.organization.id}`,
      { token: mine.token },
    );
    expect(analytics.status).toBe(404);
  });

  it('rolls calls up per day and outcome with latency quantiles, adding up across flushes', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 3 });
    for (let i = 0; i < 4; i++) await org.call('POST', '/v1/tokens/generate', GENERATE_BODY);
    await server.ctx.requestLog.flush();
    await org.call('POST', '/v1/tokens/verify', { token: '0000-0000-0000-0000-0' });
    await server.ctx.requestLog.flush();

    const analytics = await request(
      server.baseUrl,
      'GET',
      '/api/v1/dashboard/security/analytics?days=7',
      { token: org.token },
    );
    expect(analytics.status).toBe(200);
    const body = analytics.body;
    expect(body).toMatchObject({ days: 7, time_zone: 'Asia/Riyadh', to: '2026-11-22' });
    expect(body.series).toHaveLength(7);
    expect(body.series[0].date).toBe('2026-11-16');
    const today = body.series.at(-1);
    expect(today).toMatchObject({
      date: '2026-11-22',
      requests: 5,
      outcomes: { success: 3, rate_limited: 2 },
    });
    expect(today.p50_ms).toBeGreaterThan(0);
    expect(today.p99_ms).toBeGreaterThanOrEqual(today.p50_ms);
    expect(body.series[0]).toEqual({
      date: '2026-11-16',
      requests: 0,
      outcomes: {},
      p50_ms: null,
      p99_ms: null,
    });
    expect(body.totals).toMatchObject({ requests: 5, outcomes: { success: 3, rate_limited: 2 } });

    const month = await request(
      server.baseUrl,
      'GET',
      '/api/v1/dashboard/security/analytics?days=30&mode=live',
      { token: org.token },
    );
    expect(month.body.series).toHaveLength(30);
    expect(month.body.totals.requests).toBe(5);
    const bad = await request(
      server.baseUrl,
      'GET',
      '/api/v1/dashboard/security/analytics?days=8',
      {
        token: org.token,
      },
    );
    expect(bad.status).toBe(400);
  });

  it('keeps rows REQUEST_LOG_DAYS days: the retention sweep deletes older ones', async () => {
    const org = await createIntegrator(server.baseUrl);
    await org.call('POST', '/v1/tokens/generate', GENERATE_BODY);
    await server.ctx.requestLog.flush();
    clock.advance(29 * 86_400_000);
    await org.call('POST', '/v1/tokens/generate', GENERATE_BODY);
    await server.ctx.requestLog.flush();
    clock.advance(2 * 86_400_000);
    expect(await server.ctx.jobs.tick('request log retention')).toBe(true);
    // Read in the database: the dashboard session ended weeks ago on this clock.
    const rows = await server.db.query<{ created_at: Date }>(
      'select created_at from request_log where organization_id = $1',
      [org.organization.id],
    );
    expect(rows.map((row) => row.created_at.getTime())).toEqual([
      clock.now().getTime() - 2 * 86_400_000,
    ]);
    clock.set(new Date('2026-11-22T10:00:00Z'));
  });

  it('writes batches by itself, keeps a failed batch for the next flush and writes the rest on close', async () => {
    const org = await createOrganization(server.baseUrl);
    const errors: string[] = [];
    let isDown = true;
    const flakyDb = {
      query: async <T>(sql: string, params?: unknown[]) => {
        if (isDown) throw new Error('database unavailable');
        return server.db.query<T>(sql, params);
      },
    };
    const writer = new RequestLogWriter(flakyDb, { error: (_d, message) => errors.push(message) });
    const call = (): LoggedCall => ({
      at: clock.now(),
      method: 'POST',
      path: '/v1/tokens/generate',
      status: 201,
      code: null,
      latencyMs: 3.5,
      clientIp: '127.0.0.1',
      organizationId: org.organization.id,
      apiKeyId: null,
      apiKeyName: null,
      isTest: false,
      presentedClientId: null,
      presentedApiKey: null,
    });
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          'select count(*)::int as n from request_log where organization_id = $1',
          [org.organization.id],
        )
      )[0]!.n;
    writer.record(call());
    await writer.flush();
    expect(errors).toEqual(['request log not written']);
    expect(await count()).toBe(0);
    isDown = false;
    for (let i = 1; i < FLUSH_BATCH; i++) writer.record(call());
    // Written by the writer itself (a full batch goes at once), nobody calls flush.
    const deadline = Date.now() + 10_000;
    while ((await count()) < FLUSH_BATCH && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await count()).toBe(FLUSH_BATCH);
    writer.record(call());
    await writer.close();
    expect(await count()).toBe(FLUSH_BATCH + 1);
    writer.record(call());
    await writer.flush();
    expect(await count()).toBe(FLUSH_BATCH + 1);
  });
});
