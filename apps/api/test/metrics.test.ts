import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIntegrator,
  databaseKinds,
  freePort,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const OPERATOR_TOKEN = 'metrics-operator-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format: `# TYPE name type` lines, and `name{label="value",...} number` samples. */
function parseMetrics(text: string) {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (!line || line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!;
    }
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
  const value = (name: string, labels: Record<string, string> = {}) => {
    const found = find(name, labels);
    if (found.length !== 1)
      throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
    return found[0]!.value;
  };
  const total = (name: string, labels: Record<string, string> = {}) =>
    find(name, labels).reduce((sum, s) => sum + s.value, 0);
  return { types, samples, find, value, total };
}

const kind = databaseKinds.at(-1)!;

describe(`/metrics on ${kind}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { OPERATOR_TOKEN } });
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const res = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseMetrics(await res.text());
  };

  it('refuses a scrape without the operator token or with another', async () => {
    const wrong = { authorization: 'Bearer not-the-operator-token-0123456789ab' };
    for (const headers of [{}, wrong] as Record<string, string>[]) {
      const res = await request(server.baseUrl, 'GET', '/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(JSON.stringify(res.body)).not.toContain('tanqin_');
    }
  });

  it('counts requests by route template, refusals by code, batches, jobs, deliveries, the pool and the process', async () => {
    // The batchers' figures are the process's, which earlier test files shared.
    const atStart = await scrape();
    const integrator = await createIntegrator(server.baseUrl);
    for (let i = 0; i < 3; i++) {
      const generated = await integrator.call('POST', '/v1/tokens/generate', {
        data: { name: `Person ${i}` },
        expires_in: 600,
      });
      expect(generated.status).toBe(201);
    }
    for (const id of ['AAAA-1', 'BBBB-2']) {
      expect((await request(server.baseUrl, 'GET', `/v1/tokens/${id}/status`)).status).toBe(401);
    }
    expect((await request(server.baseUrl, 'GET', '/api/v1/no-such-route')).status).toBe(404);
    await server.ctx.jobs.tick('token expiry sweep');
    // One account notice given up on and one waiting for its retry (the sign-up queued others).
    const before = await scrape();
    const [admin] = await server.db.query<{ id: string }>('select id from users where email = $1', [
      integrator.admin.email,
    ]);
    for (const next of [null, new Date(Date.now() + 60_000)]) {
      await server.db.query(
        `insert into account_notices (id, user_id, channel, destination, body, next_attempt_at, created_at)
         values ($1, $2, 'email', 'a@example.sa', 'x', $3, now())`,
        [randomUUID(), admin!.id, next],
      );
    }

    const metrics = await scrape();
    const duration = 'tanqin_http_request_duration_seconds';
    expect(metrics.types.get(duration)).toBe('histogram');
    const generate = { route: '/v1/tokens/generate', method: 'POST', status: '201' };
    expect(metrics.value(`${duration}_count`, generate)).toBe(3);
    expect(metrics.value(`${duration}_bucket`, { ...generate, le: '+Inf' })).toBe(3);
    expect(metrics.value(`${duration}_sum`, generate)).toBeGreaterThan(0);
    expect(metrics.value(`${duration}_sum`, generate)).toBeLessThan(30);
    // The template, never the URL: both ids count on one series.
    const status = { route: '/v1/tokens/:token_id/status', method: 'GET', status: '401' };
    expect(metrics.value(`${duration}_count`, status)).toBe(2);
    expect(metrics.find(`${duration}_count`).some((s) => s.labels.route?.includes('AAAA'))).toBe(
      false,
    );
    expect(
      metrics.value(`${duration}_count`, { route: 'unmatched', method: 'GET', status: '404' }),
    ).toBe(1);

    expect(metrics.types.get('tanqin_refusals_total')).toBe('counter');
    expect(metrics.value('tanqin_refusals_total', { code: 'route_not_found' })).toBe(1);
    // The two refused scrapes above, the two calls without credentials and the unknown route.
    expect(metrics.value('tanqin_refusals_total', { code: 'unauthenticated' })).toBe(4);
    expect(metrics.total('tanqin_refusals_total')).toBe(5);

    const batcher = { batcher: 'token writes' };
    const batches = (name: string) => metrics.total(name, batcher) - atStart.total(name, batcher);
    expect(batches('tanqin_batch_size_sum')).toBe(3);
    expect(batches('tanqin_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(batches('tanqin_batch_wait_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(batches('tanqin_batch_statement_seconds_sum')).toBeGreaterThan(0);

    const job = { job: 'token expiry sweep' };
    const lastRun = metrics.value('tanqin_job_last_run_timestamp_seconds', job);
    expect(Math.abs(lastRun - Date.now() / 1000)).toBeLessThan(60);
    expect(metrics.value('tanqin_job_lag_seconds', job)).toBe(0);
    expect(metrics.value('tanqin_job_failures_total', job)).toBe(0);

    for (const state of ['failed', 'pending']) {
      const labels = { kind: 'account_notice', channel: 'email', state };
      const added =
        metrics.total('tanqin_deliveries', labels) - before.total('tanqin_deliveries', labels);
      expect(added).toBe(1);
    }

    const pool = (state: string) => metrics.value('tanqin_db_pool_connections', { state });
    expect(pool('max')).toBe(kind === 'postgres' ? 10 : 1);
    expect(pool('open')).toBeGreaterThanOrEqual(1);
    expect(pool('open')).toBeLessThanOrEqual(pool('max'));
    // The scrape's own queries may be waiting for a connection being opened.
    expect(pool('waiting')).toBeGreaterThanOrEqual(0);

    expect(metrics.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(metrics.value('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });
});

describe('/metrics on METRICS_PORT', () => {
  let server: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startTestServer('pglite', {
      // HOST is the API's interface (nginx's side); the metrics port binds METRICS_HOST.
      env: {
        OPERATOR_TOKEN,
        METRICS_PORT: String(metricsPort),
        HOST: '127.0.0.2',
        METRICS_HOST: '127.0.0.1',
      },
    });
  });
  afterAll(() => server.close());

  it('is served there alone, on METRICS_HOST, with the operator token', async () => {
    const onMain = await request(server.baseUrl, 'GET', '/metrics', {
      token: OPERATOR_TOKEN,
    });
    expect(onMain.status).toBe(404);
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const res = await fetch(url, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(parseMetrics(await res.text()).types.get('tanqin_http_request_duration_seconds')).toBe(
      'histogram',
    );
  });
});
