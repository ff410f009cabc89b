import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { PersistedRateLimitStore } from '../src/lib/rate-limit/persisted-store.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  request,
  testConfig,
} from './harness.ts';

const HOUR_MS = 3_600_000;

describe.each(databaseKinds)('rate limits kept across restarts on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.close());

  it('keeps a key limited to 10 an hour limited after a restart, until its hits leave the hour', async () => {
    const clock = new ManualClock(new Date('2026-11-24T08:00:00Z'));
    const now = () => clock.now().getTime();
    const windows = [
      { key: 'rl:key:a:minute', limit: 60, windowMs: 60_000 },
      { key: 'rl:key:a:hour', limit: 10, windowMs: HOUR_MS },
    ];
    const before = await PersistedRateLimitStore.open(db, now);
    for (let call = 0; call < 10; call++) {
      expect((await before.consume(windows, now())).allowed).toBe(true);
      clock.advance(1_000);
    }
    await before.close();

    const after = await PersistedRateLimitStore.open(db, now);
    const refused = await after.consume(windows, now());
    expect(refused.allowed).toBe(false);
    expect(refused.states[1]).toMatchObject({ count: 10 });
    // The first hit (08:00:00) leaves the hour at 09:00:00, give or take its second.
    expect(refused.states[1]!.resetMs).toBeGreaterThan(HOUR_MS - 11_000);
    expect(refused.states[1]!.resetMs).toBeLessThanOrEqual(HOUR_MS - 10_000 + 1_000);
    clock.set(new Date('2026-11-24T09:00:01Z'));
    expect((await after.consume(windows, now())).allowed).toBe(true);
    await after.close();
  });

  it('forgets a cleared counter across restarts and deletes hits past their window', async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const now = () => clock.now().getTime();
    const store = await PersistedRateLimitStore.open(db, now);
    await store.record('login-fail:b', 15 * 60_000, now());
    await store.record('login-fail:c', 15 * 60_000, now());
    await store.flush();
    await store.clear('login-fail:b');
    await store.close();
    const reopened = await PersistedRateLimitStore.open(db, now);
    expect(await reopened.count('login-fail:b', 15 * 60_000, now())).toBe(0);
    expect(await reopened.count('login-fail:c', 15 * 60_000, now())).toBe(1);
    clock.advance(16 * 60_000);
    await reopened.close();
    const [left] = await db.query<{ count: number }>(
      `select count(*)::int as count from rate_limit_hits where key like 'login-fail:%'`,
    );
    expect(left!.count).toBe(0);
  });

  it('answers 429 after a server restart to a key that used its hourly limit', async () => {
    const config = testConfig();
    const start = async () => {
      const { app } = await buildApp({ config, db, runBackgroundJobs: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      return { app, baseUrl: `http://127.0.0.1:${port}` };
    };
    const first = await start();
    const integrator = await createIntegrator(first.baseUrl, { rate_limit_per_hour: 10 });
    const generate = (baseUrl: string) =>
      request(baseUrl, 'POST', '/v1/tokens/generate', {
        headers: integrator.headers,
        json: { data: { name: 'سارة' } },
      });
    for (let call = 0; call < 10; call++) expect((await generate(first.baseUrl)).status).toBe(201);
    await first.app.close();

    const second = await start();
    const refused = await generate(second.baseUrl);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    await second.app.close();
  });
});
