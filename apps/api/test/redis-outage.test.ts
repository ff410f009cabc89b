// Issue 31.2: a REDIS_URL that does not answer never turns into a 5xx. Cheap cases only (no Redis
// server is started here): a port that accepts and never replies, and a closed one. A real
// redis-server stopped and restarted mid-run is apps/api/ops-test/redis-outage.test.ts.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { databaseTransport } from '../src/lib/invalidation/invalidation-bus.ts';
import { DatabaseRateLimitStore } from '../src/lib/rate-limit/database-store.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  freePort,
  request,
  testConfig,
} from './harness.ts';

/** Polls `check` until it holds, failing after the deadline (no fixed sleeps). */
async function eventually(check: () => Promise<boolean> | boolean, deadlineMs = 5000) {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A TCP server that accepts every connection and never sends a byte. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function startApp(db: Database, env: Record<string, string>, logLines?: string[]) {
  const { app, ctx } = await buildApp({
    config: testConfig(env),
    db,
    runBackgroundJobs: false,
    ...(logLines && { logStream: { write: (line: string) => void logLines.push(line) } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, ctx, baseUrl: `http://127.0.0.1:${port}` };
}

const generate = (baseUrl: string, headers: Record<string, string>) =>
  request(baseUrl, 'POST', '/v1/tokens/generate', {
    headers,
    json: { data: { name: 'سارة' } },
  });

// PostgreSQL where a server answers (as in CI), else the embedded database.
const sharedDatabase = [databaseKinds.at(-1)!];

describe.each(sharedDatabase)('REDIS_URL unanswered, on %s', (kind) => {
  // One database for every case (each starts its own servers on it).
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.close());

  describe('a Redis that never answers', () => {
    let redis: Awaited<ReturnType<typeof silentServer>>;
    let server: Awaited<ReturnType<typeof startApp>>;
    const logLines: string[] = [];
    const consoleError = vi.spyOn(console, 'error');
    beforeAll(async () => {
      redis = await silentServer();
      server = await startApp(
        db,
        { REDIS_URL: `redis://:secret-password@127.0.0.1:${redis.port}`, LOG_LEVEL: 'info' },
        logLines,
      );
    });
    afterAll(async () => {
      await server.app.close();
      await redis.close();
      consoleError.mockRestore();
    });

    it('signs in and answers /v1 calls (no 5xx), ready 200 with redis "degraded"', async () => {
      const ready = await request(server.baseUrl, 'GET', '/api/v1/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', database: kind, redis: 'degraded' });
      const startedAt = Date.now();
      const integrator = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 3 });
      const statuses: number[] = [];
      for (let call = 0; call < 4; call++) {
        statuses.push((await generate(server.baseUrl, integrator.headers)).status);
      }
      // The limit holds (counted in PostgreSQL), and no call waited for Redis.
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(Date.now() - startedAt).toBeLessThan(10_000);
    });

    it('logs one JSON line for the lost connection, whatever the retries, and nothing in plain text', async () => {
      const lostLines = () =>
        logLines
          .map((line) => JSON.parse(line))
          .filter((record) => record.msg.startsWith('Redis does not answer'));
      // Several connection attempts, each timed out by the client, and the loss noticed.
      await eventually(() => redis.accepted() >= 2 && lostLines().length > 0, 15_000);
      const lost = lostLines();
      expect(lost).toHaveLength(1);
      expect(lost[0]).toMatchObject({ level: 40, redis: `127.0.0.1:${redis.port}` });
      expect(logLines.join('\n')).not.toContain('secret-password');
      expect(consoleError).not.toHaveBeenCalled();
      expect((await request(server.baseUrl, 'GET', '/api/v1/health/ready')).body.redis).toBe(
        'degraded',
      );
      const metrics = await request(server.baseUrl, 'GET', '/metrics', {
        token: server.ctx.config.operatorToken,
      });
      expect(metrics.body).toMatch(/^tanqin_redis_up 0$/m);
    });
  });

  describe('two processes on one database, Redis unreachable', () => {
    let first: Awaited<ReturnType<typeof startApp>>;
    let second: Awaited<ReturnType<typeof startApp>>;
    beforeAll(async () => {
      // Nothing listens there: every connection is refused.
      const env = { REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
      first = await startApp(db, env);
      second = await startApp(db, env);
    });
    afterAll(async () => {
      await first.app.close();
      await second.app.close();
    });

    it('keeps one limit for both (counted in PostgreSQL), not one each', async () => {
      const integrator = await createIntegrator(first.baseUrl, { rate_limit_per_minute: 4 });
      const statuses: number[] = [];
      for (let call = 0; call < 6; call++) {
        const { baseUrl } = call % 2 === 0 ? first : second;
        statuses.push((await generate(baseUrl, integrator.headers)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
      const refused = await generate(second.baseUrl, integrator.headers);
      expect(refused.body.code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('follows a change notified over PostgreSQL within a second', async () => {
      const integrator = await createIntegrator(first.baseUrl);
      expect((await generate(second.baseUrl, integrator.headers)).status).toBe(201);
      expect((await generate(second.baseUrl, integrator.headers)).status).toBe(201);
      // Another process (not this test process's caches) disables the key and notifies it.
      await db.query('update api_keys set is_active = false where id = $1', [integrator.key.id]);
      await databaseTransport(db).send(`api-key ${integrator.key.id}`);
      await eventually(
        async () => (await generate(second.baseUrl, integrator.headers)).status === 401,
        1000,
      );
    });

    it('admits exactly the limit when both count at once', async () => {
      const stores = [new DatabaseRateLimitStore(db), new DatabaseRateLimitStore(db)];
      const windows = [
        { key: 'race:minute', limit: 7, windowMs: 60_000 },
        { key: 'race:hour', limit: 100, windowMs: 3_600_000 },
      ];
      const now = Date.now();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => stores[i % 2]!.consume(windows, now + i)),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(7);
      expect(await stores[1]!.count('race:minute', 60_000, now + 20)).toBe(7);
    });
  });
});
