import { randomUUID } from 'node:crypto';
import { MEMBER_ROLES } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { sweepUsage } from '../src/modules/wallet/usage-retention.ts';
import {
  createIntegrator,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const person = { full_name: 'ريم الشهري', national_id: '1098765432' };
type Integrator = Awaited<ReturnType<typeof createIntegrator>>;

/** Thousandths of a riyal as the API writes them: "0.025". */
const riyal = (millis: number) =>
  `${Math.floor(millis / 1000)}.${String(millis % 1000).padStart(3, '0')}`;
/** The default PRICE_PER_CALL, 0.005 riyal, in thousandths. */
const PRICE_MILLIS = 5;

describe.each(databaseKinds)('the wallet on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  /** A fresh access token: tests move the clock further than an access token lives. */
  async function signIn(org: Integrator) {
    const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: org.admin.email, password: org.admin.password },
    });
    expect(login.status).toBe(200);
    return login.body.token as string;
  }

  async function read(org: Integrator, path: string) {
    const res = await request(server.baseUrl, 'GET', path, { token: await signIn(org) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  /** n billed calls: one generate, then status calls, one clock second apart. */
  async function makeBilledCalls(org: Integrator, n: number) {
    const generated = await org.call('POST', '/v1/tokens/generate', { data: person });
    expect(generated.status).toBe(201);
    for (let i = 1; i < n; i++) {
      clock.advance(1000);
      const status = await org.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
      expect(status.status).toBe(200);
    }
    clock.advance(1000);
  }

  it('starts empty: zero amounts with 3 decimals, the real price, no payment, an empty log', async () => {
    clock.set(new Date('2026-11-22T10:00:00Z'));
    const org = await createIntegrator(server.baseUrl);
    expect(await read(org, '/api/v1/wallet')).toEqual({
      current_balance: '0.000',
      total_spent: '0.000',
      last_payment_date: null,
      cost_per_call: '0.005',
      total_calls: 0,
      calls_this_month: 0,
      calls_today: 0,
    });
    expect(await read(org, '/api/v1/wallet/usage')).toEqual({ time_zone: 'Asia/Riyadh', days: [] });
    const summary = await read(org, '/api/v1/wallet/daily-summary');
    expect(summary).toHaveLength(30);
    expect(summary[0]).toEqual({
      id: '2026-10-24',
      date: '2026-10-24',
      calls: 0,
      cost: '0.000',
      status: 'unpaid',
    });
    expect(summary.at(-1).date).toBe('2026-11-22');
    expect(summary.every((day: { calls: number }) => day.calls === 0)).toBe(true);
  });

  it('bills every successful generate, verify and status call exactly, and no refused one', async () => {
    clock.set(new Date('2026-11-22T10:00:00Z'));
    const org = await createIntegrator(server.baseUrl);
    const a = await org.call('POST', '/v1/tokens/generate', { data: person });
    const b = await org.call('POST', '/v1/tokens/generate', { data: person, expires_in: 600 });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await org.call('POST', '/v1/tokens/verify', { token: a.body.token })).status).toBe(200);
    for (const id of [a.body.token_id, b.body.token_id, b.body.token_id]) {
      expect((await org.call('GET', `/v1/tokens/${id}/status`)).status).toBe(200);
    }
    const billed = 6;

    // Refused or failed: a used code, a malformed one, an unknown token, a missing scope, bad
    // credentials, an invalid body. None of these costs anything.
    const refused = [
      await org.call('POST', '/v1/tokens/verify', { token: a.body.token }),
      await org.call('POST', '/v1/tokens/verify', { token: 'xxxx' }),
      await org.call('GET', '/v1/tokens/tok_unknown/status'),
      await org.call('POST', `/v1/tokens/${b.body.token_id}/revoke`),
      await org.call('POST', '/v1/tokens/generate', { data: 'not an object' }),
      await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: { ...org.headers, authorization: 'Basic bm9wZTpub3Bl' },
        json: { data: person },
      }),
    ];
    expect(refused.map((res) => res.status)).toEqual([410, 400, 404, 403, 400, 401]);

    expect(await read(org, '/api/v1/wallet')).toEqual({
      current_balance: riyal(billed * PRICE_MILLIS),
      total_spent: '0.000',
      last_payment_date: null,
      cost_per_call: '0.005',
      total_calls: billed,
      calls_this_month: billed,
      calls_today: billed,
    });
    expect(riyal(billed * PRICE_MILLIS)).toBe('0.030');

    const log = await read(org, '/api/v1/wallet/usage');
    expect(log.days).toHaveLength(1);
    expect(log.days[0]).toMatchObject({ date: '2026-11-22', calls: billed, cost: '0.030' });
    expect(log.days[0].entries).toHaveLength(billed);
    expect(log.days[0].entries.map((e: { endpoint: string }) => e.endpoint).sort()).toEqual(
      [
        'GET /v1/tokens/{token_id}/status',
        'GET /v1/tokens/{token_id}/status',
        'GET /v1/tokens/{token_id}/status',
        'POST /v1/tokens/generate',
        'POST /v1/tokens/generate',
        'POST /v1/tokens/verify',
      ].sort(),
    );
    expect(log.days[0].entries[0]).toEqual({
      id: expect.any(String),
      created_at: '2026-11-22T10:00:00.000Z',
      endpoint: expect.any(String),
      status: expect.any(Number),
      cost: '0.005',
    });
    expect(
      log.days[0].entries.every((e: { status: number }) => [200, 201].includes(e.status)),
    ).toBe(true);

    const summary = await read(org, '/api/v1/wallet/daily-summary?days=7');
    expect(summary).toHaveLength(7);
    expect(summary.at(-1)).toEqual({
      id: '2026-11-22',
      date: '2026-11-22',
      calls: billed,
      cost: '0.030',
      status: 'unpaid',
    });
  });

  it('writes amounts exactly for any configured price', async () => {
    const priced = await startTestServer(kind, { clock, env: { PRICE_PER_CALL: '1.25' } });
    try {
      clock.set(new Date('2026-11-22T10:00:00Z'));
      const org = await createIntegrator(priced.baseUrl);
      const generated = await org.call('POST', '/v1/tokens/generate', { data: person });
      await org.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
      await org.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
      const wallet = await request(priced.baseUrl, 'GET', '/api/v1/wallet', { token: org.token });
      expect(wallet.body).toMatchObject({
        cost_per_call: '1.250',
        current_balance: '3.750',
        total_calls: 3,
      });
    } finally {
      await priced.close();
    }
  }, 120_000); // starts a second server (migrations on a new database)

  it('counts today and this month from midnight in Riyadh (21:00 UTC), not in UTC', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    // 30 November, 10:00 and 23:58 in Riyadh.
    clock.set(new Date('2026-11-30T07:00:00Z'));
    await makeBilledCalls(org, 3);
    clock.set(new Date('2026-11-30T20:58:00Z'));
    await makeBilledCalls(org, 2);

    clock.set(new Date('2026-11-30T20:59:59Z'));
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      total_calls: 5,
      calls_this_month: 5,
      calls_today: 5,
      current_balance: '0.025',
    });

    // 1 December 00:00 in Riyadh, still 30 November in UTC: a new day and a new month.
    clock.set(new Date('2026-11-30T21:00:00Z'));
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      total_calls: 5,
      calls_this_month: 0,
      calls_today: 0,
      current_balance: '0.025',
    });
    await makeBilledCalls(org, 1);
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      total_calls: 6,
      calls_this_month: 1,
      calls_today: 1,
      current_balance: '0.030',
    });

    // A day boundary inside the month: 2 December starts at 21:00 UTC on 1 December.
    clock.set(new Date('2026-12-01T20:59:00Z'));
    await makeBilledCalls(org, 2);
    clock.set(new Date('2026-12-01T21:00:00Z'));
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      total_calls: 8,
      calls_this_month: 3,
      calls_today: 0,
    });

    // The chart's days and the call log's are Riyadh days: a call sits on one date everywhere.
    const summary = await read(org, '/api/v1/wallet/daily-summary?days=3');
    expect(summary).toEqual([
      { id: '2026-11-30', date: '2026-11-30', calls: 5, cost: '0.025', status: 'unpaid' },
      { id: '2026-12-01', date: '2026-12-01', calls: 3, cost: '0.015', status: 'unpaid' },
      { id: '2026-12-02', date: '2026-12-02', calls: 0, cost: '0.000', status: 'unpaid' },
    ]);
    const log = await read(org, '/api/v1/wallet/usage');
    expect(
      log.days.map((day: { date: string; calls: number; cost: string }) => [
        day.date,
        day.calls,
        day.cost,
      ]),
    ).toEqual([
      ['2026-12-01', 3, '0.015'],
      ['2026-11-30', 5, '0.025'],
    ]);
    expect(log.time_zone).toBe('Asia/Riyadh');
    // 21:00 UTC on 30 November opens 1 December in Riyadh.
    expect(log.days[0].entries.at(-1).created_at).toBe('2026-11-30T21:00:00.000Z');
  });

  it("follows the organisation's own time zone, daylight saving included", async () => {
    const org = await createIntegrator(server.baseUrl);
    await server.db.query('update organizations set time_zone = $2 where id = $1', [
      org.organization.id,
      'America/New_York',
    ]);
    // 30 November 22:00 in New York is already 1 December in UTC and in Riyadh.
    clock.set(new Date('2026-12-01T03:00:00Z'));
    await makeBilledCalls(org, 2);
    clock.set(new Date('2026-12-01T04:30:00Z'));
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      calls_this_month: 2,
      calls_today: 2,
    });
    // Midnight in New York (UTC-5 in December).
    clock.set(new Date('2026-12-01T05:00:00Z'));
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      total_calls: 2,
      calls_this_month: 0,
      calls_today: 0,
    });
    const dashboard = await read(org, `/api/v1/organizations/${org.organization.id}/dashboard`);
    expect(dashboard.api_calls_this_month).toBe(0);
  });

  it("draws every day of the chart in the organisation's new time zone after it changes", async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    // 10 December 22:30 UTC: 11 December in Riyadh, still 10 December in London.
    clock.set(new Date('2026-12-10T22:30:00Z'));
    await makeBilledCalls(org, 2);
    clock.set(new Date('2026-12-11T12:00:00Z'));
    const moved = await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/organizations/${org.organization.id}`,
      { token: await signIn(org), json: { time_zone: 'Europe/London' } },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // 12 December 23:30 UTC: 12 December in London (13 December in Riyadh).
    clock.set(new Date('2026-12-12T23:30:00Z'));
    await makeBilledCalls(org, 3);

    clock.set(new Date('2026-12-13T10:00:00Z'));
    expect(await read(org, '/api/v1/wallet/daily-summary?days=4')).toEqual([
      { id: '2026-12-10', date: '2026-12-10', calls: 2, cost: '0.010', status: 'unpaid' },
      { id: '2026-12-11', date: '2026-12-11', calls: 0, cost: '0.000', status: 'unpaid' },
      { id: '2026-12-12', date: '2026-12-12', calls: 3, cost: '0.015', status: 'unpaid' },
      { id: '2026-12-13', date: '2026-12-13', calls: 0, cost: '0.000', status: 'unpaid' },
    ]);
    // The call log's days are London days too, before the change as after it.
    const log = await read(org, '/api/v1/wallet/usage');
    expect(log.time_zone).toBe('Europe/London');
    expect(
      log.days.map((day: { date: string; calls: number; entries: unknown[] }) => [
        day.date,
        day.calls,
        day.entries.length,
      ]),
    ).toEqual([
      ['2026-12-12', 3, 3],
      ['2026-12-10', 2, 2],
    ]);
    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      total_calls: 5,
      calls_this_month: 5,
      calls_today: 0,
    });
  });

  it("lists the newest 50 calls grouped by the organisation's day, newest first, at most 10 days", async () => {
    // Twelve days with two calls each: only the newest ten days are listed. 23:59 UTC is 02:59
    // the next day in Riyadh, the organisation's zone: each pair sits on the next date.
    const spread = await createIntegrator(server.baseUrl);
    for (let day = 1; day <= 12; day++) {
      clock.set(new Date(`2026-10-${String(day).padStart(2, '0')}T23:59:00Z`));
      await makeBilledCalls(spread, 2);
    }
    const spreadLog = await read(spread, '/api/v1/wallet/usage');
    expect(spreadLog.days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-10-${String(13 - i).padStart(2, '0')}`),
    );
    for (const day of spreadLog.days) {
      expect(day.calls).toBe(2);
      expect(day.cost).toBe('0.010');
      expect(day.entries).toHaveLength(2);
      // Within a day, the newest call first.
      expect(day.entries[0].created_at > day.entries[1].created_at).toBe(true);
      const riyadhDate = new Date(Date.parse(day.entries[0].created_at) + 3 * 3600_000);
      expect(riyadhDate.toISOString().slice(0, 10)).toBe(day.date);
    }
    expect((await read(spread, '/api/v1/wallet')).total_calls).toBe(24);

    // One busy day: 55 calls, of which the newest 50 are listed; the day's totals cover all 55.
    const busy = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    clock.set(new Date('2026-10-20T08:00:00Z'));
    await makeBilledCalls(busy, 1);
    clock.set(new Date('2026-10-21T08:00:00Z'));
    await makeBilledCalls(busy, 55);
    const busyLog = await read(busy, '/api/v1/wallet/usage');
    expect(busyLog.days).toHaveLength(1);
    expect(busyLog.days[0]).toMatchObject({ date: '2026-10-21', calls: 55, cost: '0.275' });
    expect(busyLog.days[0].entries).toHaveLength(50);
    expect(busyLog.days[0].entries[0].created_at).toBe('2026-10-21T08:00:54.000Z');
    expect(busyLog.days[0].entries[49].created_at).toBe('2026-10-21T08:00:05.000Z');
  });

  it("states each month's billed calls by endpoint and key, in its time zone, as JSON and CSV", async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    // 30 November 23:58 in Riyadh: November; 1 December 00:00 in Riyadh (still 30 Nov UTC): December.
    clock.set(new Date('2026-11-30T20:58:00Z'));
    await makeBilledCalls(org, 3);
    clock.set(new Date('2026-11-30T21:00:00Z'));
    await makeBilledCalls(org, 1);
    const token = await signIn(org);
    const staffVerify = await request(server.baseUrl, 'POST', '/api/v1/tokens/verify', {
      token,
      json: { token: 'AAAA-AAAA-AAAA-AAAA-A' },
    });
    expect(staffVerify.status).toBeGreaterThanOrEqual(400);

    expect(await read(org, '/api/v1/wallet/statements')).toEqual({
      statements: [
        { month: '2026-12', calls: 1, amount: '0.005' },
        { month: '2026-11', calls: 3, amount: '0.015' },
      ],
    });
    const november = await read(org, '/api/v1/wallet/statements/2026-11');
    expect(november).toMatchObject({
      month: '2026-11',
      organization: { name: org.organization.name, client_id: org.organization.client_id },
      time_zone: 'Asia/Riyadh',
      price_per_call: '0.005',
      total_calls: 3,
      total_amount: '0.015',
    });
    expect(november.lines).toEqual([
      {
        endpoint: 'GET /v1/tokens/{token_id}/status',
        api_key_id: expect.any(String),
        api_key_name: expect.any(String),
        calls: 2,
        amount: '0.010',
      },
      {
        endpoint: 'POST /v1/tokens/generate',
        api_key_id: november.lines[0].api_key_id,
        api_key_name: november.lines[0].api_key_name,
        calls: 1,
        amount: '0.005',
      },
    ]);
    expect((await read(org, '/api/v1/wallet/statements/2025-01')).lines).toEqual([]);

    const csv = await request(server.baseUrl, 'GET', '/api/v1/wallet/statements/2026-11/csv', {
      token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="statement-2026-11.csv"',
    );
    const lines = String(csv.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('month,endpoint,api_key_id,api_key_name,calls,amount_sar');
    expect(lines.at(-1)).toBe('2026-11,total,,,3,0.015');
    expect(lines).toHaveLength(4);

    for (const bad of ['2026-13', '2026-1', 'november']) {
      const res = await request(server.baseUrl, 'GET', `/api/v1/wallet/statements/${bad}`, {
        token,
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    // Another organisation's id: 404; its own statements know nothing of these calls.
    const other = await createIntegrator(server.baseUrl);
    const otherToken = await signIn(other);
    const foreign = await request(
      server.baseUrl,
      'GET',
      `/api/v1/wallet/statements/2026-11?organization_id=${org.organization.id}`,
      { token: otherToken },
    );
    expect(foreign.status).toBe(404);
    expect((await read(other, '/api/v1/wallet/statements/2026-11')).lines).toEqual([]);
    expect((await read(other, '/api/v1/wallet/statements')).statements).toEqual([]);
  });

  it('counts the usage after the last payment as unpaid, and sums the payments', async () => {
    const org = await createIntegrator(server.baseUrl);
    clock.set(new Date('2026-11-10T09:00:00Z'));
    await makeBilledCalls(org, 3);
    // Nothing writes payments yet but the wallet reads them: the test plays the payment provider.
    const paidAt = new Date('2026-11-10T18:00:00Z');
    for (const [millis, at] of [
      [10, new Date('2026-11-10T17:00:00Z')],
      [5, paidAt],
    ] as const) {
      await server.db.query(
        'insert into wallet_payments (id, organization_id, amount_millis, paid_at) values ($1, $2, $3, $4)',
        [randomUUID(), org.organization.id, millis, at],
      );
    }
    clock.set(new Date('2026-11-11T09:00:00Z'));
    await makeBilledCalls(org, 2);

    expect(await read(org, '/api/v1/wallet')).toMatchObject({
      current_balance: '0.010',
      total_spent: '0.015',
      last_payment_date: paidAt.toISOString(),
      total_calls: 5,
    });
    const summary = await read(org, '/api/v1/wallet/daily-summary?days=2');
    expect(summary).toEqual([
      { id: '2026-11-10', date: '2026-11-10', calls: 3, cost: '0.015', status: 'paid' },
      { id: '2026-11-11', date: '2026-11-11', calls: 2, cost: '0.010', status: 'unpaid' },
    ]);
  });

  it('keeps every figure when retention deletes old calls from the log, and the calls around the last payment', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    clock.set(new Date('2026-08-01T08:50:00Z'));
    await makeBilledCalls(org, 2);
    clock.set(new Date('2026-08-01T09:00:00Z'));
    await makeBilledCalls(org, 3);
    // Paid between the second and the third call of 09:00 (in the same quarter hour).
    await server.db.query(
      'insert into wallet_payments (id, organization_id, amount_millis, paid_at) values ($1, $2, $3, $4)',
      [randomUUID(), org.organization.id, 20, new Date('2026-08-01T09:00:01.500Z')],
    );
    clock.set(new Date('2026-09-01T12:00:00Z'));
    await makeBilledCalls(org, 2);
    const figures = async () => {
      const wallet = await read(org, '/api/v1/wallet');
      const keys = await read(org, '/api/v1/security/api-keys');
      return {
        total_calls: wallet.total_calls,
        current_balance: wallet.current_balance,
        key_usage: keys.api_keys.map((key: { usage_count: number }) => key.usage_count),
      };
    };

    clock.set(new Date('2027-01-10T12:00:00Z'));
    const before = await figures();
    expect(before).toEqual({ total_calls: 7, current_balance: '0.015', key_usage: [7] });
    await sweepUsage(server.ctx);
    expect(await figures()).toEqual(before);
    // The call log keeps the quarter hour of the payment only: the three calls from 09:00.
    const log = await read(org, '/api/v1/wallet/usage');
    expect(
      log.days.flatMap((day: { entries: { created_at: string }[] }) =>
        day.entries.map((entry) => entry.created_at),
      ),
    ).toEqual(['2026-08-01T09:00:02.000Z', '2026-08-01T09:00:01.000Z', '2026-08-01T09:00:00.000Z']);
  });

  it("shows one organisation nothing of another's, and answers 404 to another organisation's id", async () => {
    clock.set(new Date('2026-11-22T10:00:00Z'));
    const busy = await createIntegrator(server.baseUrl);
    const quiet = await createIntegrator(server.baseUrl);
    await makeBilledCalls(busy, 4);

    expect(await read(quiet, '/api/v1/wallet')).toMatchObject({
      current_balance: '0.000',
      total_calls: 0,
      calls_today: 0,
    });
    expect(await read(quiet, '/api/v1/wallet/usage')).toEqual({
      time_zone: 'Asia/Riyadh',
      days: [],
    });
    const quietSummary = await read(quiet, '/api/v1/wallet/daily-summary');
    expect(quietSummary.every((day: { calls: number }) => day.calls === 0)).toBe(true);

    const token = await signIn(quiet);
    for (const path of ['/api/v1/wallet', '/api/v1/wallet/usage', '/api/v1/wallet/daily-summary']) {
      const other = await request(
        server.baseUrl,
        'GET',
        `${path}?organization_id=${busy.organization.id}`,
        { token },
      );
      expect(other.status, path).toBe(404);
      expect(other.headers.get('content-type')).toContain('application/problem+json');
      expect(other.body.code).toBe('not_found');
      const own = await request(
        server.baseUrl,
        'GET',
        `${path}?organization_id=${quiet.organization.id}`,
        { token },
      );
      expect(own.status, path).toBe(200);
    }
    expect((await read(busy, '/api/v1/wallet')).total_calls).toBe(4);
  });

  it('is readable by every member role', async () => {
    clock.set(new Date('2026-11-22T10:00:00Z'));
    const org = await createIntegrator(server.baseUrl);
    await makeBilledCalls(org, 1);
    for (const role of MEMBER_ROLES) {
      await server.db.query(
        'update organization_members set role = $2 where organization_id = $1',
        [org.organization.id, role],
      );
      const token = await signIn(org);
      for (const path of [
        '/api/v1/wallet',
        '/api/v1/wallet/usage',
        '/api/v1/wallet/daily-summary?days=1',
      ]) {
        const res = await request(server.baseUrl, 'GET', path, { token });
        expect(res.status, `${role} ${path}`).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    }
  });

  it('answers bad query input with 400 problem+json and a missing token with 401', async () => {
    clock.set(new Date('2026-11-22T10:00:00Z'));
    const org = await createIntegrator(server.baseUrl);
    const token = await signIn(org);
    for (const query of [
      'days=0',
      'days=91',
      'days=-3',
      'days=1.5',
      'days=abc',
      'days=',
      'days=1&days=2',
      `organization_id=${'x'.repeat(101)}`,
    ]) {
      const res = await request(server.baseUrl, 'GET', `/api/v1/wallet/daily-summary?${query}`, {
        token,
      });
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(res.body.errors[0].path).toBe(query.split('=')[0]);
    }
    expect(
      (await request(server.baseUrl, 'GET', '/api/v1/wallet/daily-summary?days=90', { token }))
        .body,
    ).toHaveLength(90);

    for (const path of ['/api/v1/wallet', '/api/v1/wallet/usage', '/api/v1/wallet/daily-summary']) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<
        string,
        string
      >[]) {
        const res = await request(server.baseUrl, 'GET', path, { headers });
        expect(res.status, path).toBe(401);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
      }
    }
  });
});

describe.each(databaseKinds)('the dashboard counters on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-30T20:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  const counters = async (org: Integrator) => {
    const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: org.admin.email, password: org.admin.password },
    });
    const res = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${org.organization.id}/dashboard`,
      { token: login.body.token },
    );
    expect(res.status).toBe(200);
    return {
      active_tokens: res.body.active_tokens,
      verifications: res.body.verifications,
      api_calls_this_month: res.body.api_calls_this_month,
    };
  };

  it('counts usable codes, codes verified and billed calls of the month in Riyadh, from real calls', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    expect(await counters(issuer)).toEqual({
      active_tokens: 0,
      verifications: 0,
      api_calls_this_month: 0,
    });

    // 30 November, 23:00 in Riyadh.
    const own = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const short = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      expires_in: 60,
    });
    const forBank = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      audience: bank.organization.client_id,
    });
    const kept = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      expires_in: 86_400,
    });
    expect([own, short, forBank, kept].map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect((await issuer.call('POST', '/v1/tokens/verify', { token: own.body.token })).status).toBe(
      200,
    );
    expect(
      (await bank.call('POST', '/v1/tokens/verify', { token: forBank.body.token })).status,
    ).toBe(200);
    // Refused: not billed, not a verification.
    expect((await bank.call('POST', '/v1/tokens/verify', { token: kept.body.token })).status).toBe(
      404,
    );

    expect(await counters(issuer)).toEqual({
      active_tokens: 2,
      verifications: 1,
      api_calls_this_month: 5,
    });
    expect(await counters(bank)).toEqual({
      active_tokens: 0,
      verifications: 1,
      api_calls_this_month: 1,
    });

    // 1 December 00:00:30 in Riyadh: a new month; the 60-second code has expired.
    clock.set(new Date('2026-11-30T21:00:30Z'));
    expect(await counters(issuer)).toEqual({
      active_tokens: 1,
      verifications: 1,
      api_calls_this_month: 0,
    });
    await issuer.call('GET', `/v1/tokens/${kept.body.token_id}/status`);
    expect((await counters(issuer)).api_calls_this_month).toBe(1);
  });
});
