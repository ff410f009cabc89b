// Issue 31.2: the rate limit holds when a Redis that stalled answers again, on every process,
// whichever connections the stall dropped. Two servers on one PostgreSQL, each reaching the real
// Redis (127.0.0.1:6379) through a proxy the test makes stall (connections open and silent, as a
// SIGSTOPped redis-server keeps them): one stall per process, so the test chooses whose connection
// is dropped and who gets Redis back first. apps/api/ops-test/redis-outage.test.ts stalls a real
// redis-server under two server processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import type { FailoverRateLimitStore } from '../src/lib/rate-limit/failover-store.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  request,
  testConfig,
} from './harness.ts';
import { stallingProxy } from './stalling-proxy.ts';

const redisTarget = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

/** Polls `check` until it holds, failing after the deadline (no fixed sleeps). */
async function eventually(check: () => Promise<boolean> | boolean, deadlineMs = 10_000) {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startProcess(db: Database) {
  const proxy = await stallingProxy({
    host: redisTarget.hostname,
    port: Number(redisTarget.port || 6379),
  });
  // Background jobs off: the test writes the hits Redis admitted to PostgreSQL itself (`flush`,
  // every second in production), so nothing depends on when a timer fires.
  const { app, ctx } = await buildApp({
    config: testConfig({ REDIS_URL: proxy.url() }),
    db,
    runBackgroundJobs: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    proxy,
    baseUrl,
    redisState: () => ctx.redis!.state(),
    flush: () => (ctx.rateLimits as FailoverRateLimitStore).flush(),
    generate: async (headers: Record<string, string>) =>
      (
        await request(baseUrl, 'POST', '/v1/tokens/generate', {
          headers,
          json: { data: { name: 'سارة' } },
        })
      ).status,
    async close() {
      await app.close();
      await proxy.close();
    },
  };
}
type Process = Awaited<ReturnType<typeof startProcess>>;

// PostgreSQL where a server answers (as in CI), else the embedded database.
describe.each([databaseKinds.at(-1)!])('a Redis stall ends, two processes on %s', (kind) => {
  let db: Database;
  let first: Process;
  let second: Process;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    first = await startProcess(db);
    second = await startProcess(db);
    await eventually(() => first.redisState() === 'ok' && second.redisState() === 'ok');
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.close();
  });

  /** An integrator allowed 4 calls a minute, one of them made through the first process. */
  async function integratorWithOneCall() {
    const integrator = await createIntegrator(first.baseUrl, { rate_limit_per_minute: 4 });
    expect(await first.generate(integrator.headers)).toBe(201);
    await first.flush();
    return integrator.headers;
  }

  it('a process whose connection the stall did not drop counts what the others admitted meanwhile', async () => {
    const headers = await integratorWithOneCall();
    // The second process's connection stalls long enough to be dropped: it counts in PostgreSQL.
    second.proxy.stall();
    await eventually(() => second.redisState() === 'degraded');
    expect([await second.generate(headers), await second.generate(headers)]).toEqual([201, 201]);
    // The first one's stalls for one call only: timed out, counted in PostgreSQL, not dropped.
    const connections = first.proxy.accepted();
    first.proxy.stall();
    expect(await first.generate(headers)).toBe(201);
    first.proxy.resume();
    // Four calls in the minute: Redis answers the first process again, and it still refuses.
    expect([await first.generate(headers), await first.generate(headers)]).toEqual([429, 429]);
    expect(first.redisState()).toBe('ok');
    expect(first.proxy.accepted()).toBe(connections);

    second.proxy.resume();
    await eventually(() => second.redisState() === 'ok');
    expect([await second.generate(headers), await first.generate(headers)]).toEqual([429, 429]);
  });

  it('the first process Redis answers again counts what the others admitted in PostgreSQL', async () => {
    const headers = await integratorWithOneCall();
    first.proxy.stall();
    second.proxy.stall();
    await eventually(() => first.redisState() === 'degraded' && second.redisState() === 'degraded');
    const stalled = [
      await first.generate(headers),
      await second.generate(headers),
      await first.generate(headers),
      await second.generate(headers),
    ];
    expect(stalled).toEqual([201, 201, 201, 429]);
    // Redis answers the first process (the second one's connection is still being made again).
    first.proxy.resume();
    await eventually(() => first.redisState() === 'ok');
    expect([await first.generate(headers), await first.generate(headers)]).toEqual([429, 429]);
    second.proxy.resume();
    await eventually(() => second.redisState() === 'ok');
    expect([await second.generate(headers), await first.generate(headers)]).toEqual([429, 429]);
  });
});
