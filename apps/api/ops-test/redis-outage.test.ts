import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogOrigin } from '../src/config.ts';
import { generateNoteSigner } from '../src/lib/note-signer.ts';
import {
  basicAuth,
  createIntegrator,
  createKey,
  emptyPostgresDatabase,
  request,
} from '../test/harness.ts';
import { freePort } from '../test/server-process.ts';
import { envFileFor, startUnit } from './deploy-files.ts';

/*
 * Issue 31.2: a redis-server of the test's own, stopped and started again under two server
 * processes on one PostgreSQL, in production mode (started as deploy/systemd/tanqin@.service
 * starts them, settings from deploy/tanqin.env.example with real secrets). While it is down: no 5xx, readiness 200 `redis: "degraded"`, the
 * rate limit still one for both processes (counted in PostgreSQL, continuing the count Redis had),
 * a key switched off through one process refused by the other within a second (PostgreSQL
 * NOTIFY). Started again (empty: no persistence): `redis: "ok"`, the limit still held (Redis
 * rebuilt from PostgreSQL). Then stalled (SIGSTOP) and resumed: the limit held during the stall
 * and after it. One JSON log line per process for each change, nothing in plain text.
 */

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';
const OPERATOR_TOKEN = randomBytes(32).toString('base64');
const secret = () => randomBytes(32).toString('base64');

interface ServerProcess {
  baseUrl: string;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  stop(signal: NodeJS.Signals): Promise<unknown>;
}

/** A server process started as deploy/systemd/tanqin@.service starts one (NODE_ENV=production). */
async function startProcess(envFile: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const unit = startUnit(port, envFile);
  await unit.ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: unit.output,
    async stop(signal) {
      unit.child.kill(signal);
      await unit.exited;
    },
  };
}

/** This process's `tanqin_redis_up`. */
async function redisUp(server: ServerProcess) {
  const metrics = await request(server.baseUrl, 'GET', '/metrics', { token: OPERATOR_TOKEN });
  return Number(/^tanqin_redis_up (\d)$/m.exec(metrics.body)?.[1]);
}

/** Polls `read` until it gives `expected`, failing with what it last gave after the deadline. */
async function until<T>(read: () => T | Promise<T>, expected: T, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value === expected) return;
    if (Date.now() > deadline) {
      throw new Error(`still ${String(value)} after ${timeoutMs} ms, not ${String(expected)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** redis-server on `port`, keeping nothing on disk. */
async function startRedis(port: number) {
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await until(
    () => output.includes('Ready to accept connections') || child.exitCode !== null,
    true,
    10_000,
  );
  if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
  return {
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
    /** Stalled: connections are still accepted, nothing is answered. */
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}

describe('Redis stopped and started again under two server processes', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let redisPort: number;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const servers: ServerProcess[] = [];
  /** Every status answered: none may be a 5xx. */
  const statuses: number[] = [];

  const readiness = async (server: ServerProcess) => {
    const ready = await request(server.baseUrl, 'GET', '/api/v1/health/ready');
    statuses.push(ready.status);
    return ready.status === 200 ? (ready.body.redis as string) : `status ${ready.status}`;
  };

  beforeAll(async () => {
    database = await emptyPostgresDatabase('tanqin_redis');
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    // Production mode, as deploy/systemd/tanqin@.service runs a process: its settings from
    // deploy/tanqin.env.example with real random secrets (and production's password cost, JSON
    // log). Only the two processes' ports and data folders differ.
    const publicUrl = 'https://tanqin.example.sa';
    const { env } = envFileFor(
      {
        PUBLIC_URL: publicUrl,
        DATABASE_URL: database!.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        DATA_DIR: '',
        JWT_SECRET: secret(),
        TOKEN_PEPPER: secret(),
        OPERATOR_TOKEN,
        AUDIT_SIGNING_KEY: generateNoteSigner(auditLogOrigin(publicUrl)),
        // Read only when an individual proves their national id, which this test does not do.
        IDENTITY_ISSUER: 'https://identity.invalid',
        IDENTITY_CLIENT_ID: 'tanqin-redis-outage',
        IDENTITY_CLIENT_SECRET: secret(),
        MAIL_FROM: 'Tanqin <no-reply@tanqin.example.sa>',
      },
      // No message is sent here: mail and SMS go to the outbox, on purpose.
      {
        SMTP_URL: 'unused',
        SMS_PROVIDER: 'unused',
        TWILIO_ACCOUNT_SID: 'unused',
        TWILIO_AUTH_TOKEN: 'unused',
        SMS_FROM: 'unused',
      },
      // `info`: the line saying Redis answers again is at that level.
      { MESSAGES_TO_OUTBOX: 'true', LOG_LEVEL: 'info' },
    );
    for (const name of ['first', 'second']) {
      // One after the other: the first migrates the new database.
      const server = await startProcess({
        ...env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `tanqin-redis-${name}-`)),
      });
      servers.push(server);
    }
    for (const server of servers) {
      await until(() => readiness(server), 'ok', 10_000);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await redis?.stop();
    await database?.drop();
  });

  it('keeps limits and invalidations shared while Redis is down, then uses it again', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const integrator = await createIntegrator(first.baseUrl, { rate_limit_per_minute: 6 });
    const spare = await createKey(first.baseUrl, integrator.token);
    const generate = async (server: ServerProcess, headers = integrator.headers) => {
      const answer = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers,
        json: { data: { name: 'سارة' } },
      });
      statuses.push(answer.status);
      return answer.status;
    };

    // Two calls counted in Redis, and written behind to PostgreSQL within a second.
    expect([await generate(first), await generate(second)]).toEqual([201, 201]);
    const db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    const mirrored = async () =>
      (
        await db.query(
          'select coalesce(sum(hits), 0)::int as hits from rate_limit_hits where key = $1',
          [`rl:key:${integrator.key.id}:minute`],
        )
      ).rows[0].hits;
    await until(mirrored, 2, 5_000);
    await db.end();

    await redis.stop();
    for (const server of servers) {
      await until(() => readiness(server), 'degraded', 10_000);
      expect(await redisUp(server)).toBe(0);
    }
    // Four more in all (6 a minute), whichever process answers; then both refuse.
    const outage: number[] = [];
    for (let call = 0; call < 6; call++) outage.push(await generate(servers[call % 2]!));
    expect(outage).toEqual([201, 201, 201, 201, 429, 429]);

    // A key switched off through the first process is refused by the second within a second.
    const spareHeaders = basicAuth(integrator.organization.client_id, spare);
    expect([await generate(second, spareHeaders), await generate(second, spareHeaders)]).toEqual([
      201, 201,
    ]);
    const switchedOff = await request(
      first.baseUrl,
      'PATCH',
      `/api/v1/security/api-keys/${spare.id}`,
      { token: integrator.token, json: { is_active: false } },
    );
    expect(switchedOff.status).toBe(200);
    const switchedAt = Date.now();
    await until(() => generate(second, spareHeaders), 401, 1_000);
    console.log(`key switched off on the other process in ${Date.now() - switchedAt} ms`);

    // Redis again, empty: both use it, and the limit is still held (rebuilt from PostgreSQL).
    redis = await startRedis(redisPort);
    for (const server of servers) {
      await until(() => readiness(server), 'ok', 15_000);
      expect(await redisUp(server)).toBe(1);
    }
    expect([await generate(first), await generate(second)]).toEqual([429, 429]);
    // Counted in Redis itself: the six hits of the minute, loaded from PostgreSQL.
    const client = new Redis(`redis://127.0.0.1:${redisPort}`);
    await until(() => client.zcard(`tanqin:rl:key:${integrator.key.id}:minute`), 6, 5_000);
    client.disconnect();

    expectLogLines(1);
  });

  it('keeps serving while Redis stalls, the limit held meanwhile, then uses it again', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const integrator = await createIntegrator(first.baseUrl, { rate_limit_per_minute: 4 });
    const generate = async (server: ServerProcess) => {
      const answer = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: integrator.headers,
        json: { data: { name: 'سارة' } },
      });
      statuses.push(answer.status);
      return answer.status;
    };
    expect(await generate(first)).toBe(201);
    redis.pause();
    // Noticed by each process's own check of its idle connections, before any call.
    for (const server of servers) {
      await until(() => readiness(server), 'degraded', 10_000);
    }
    const stalled: number[] = [];
    for (let call = 0; call < 4; call++) stalled.push(await generate(servers[call % 2]!));
    expect(stalled).toEqual([201, 201, 201, 429]);

    // Redis answers again, its data kept: each process uses it again as soon as it is back, and
    // the limit still holds there (the hits counted in PostgreSQL during the stall, by either
    // process, added to Redis first), with no 5xx.
    redis.resume();
    const after: number[] = [];
    for (const server of servers) {
      await until(() => readiness(server), 'ok', 15_000);
      after.push(await generate(server));
    }
    after.push(await generate(first), await generate(second));
    expect(after).toEqual([429, 429, 429, 429]);
    expectLogLines(2);
  });

  /**
   * No 5xx so far; each process's log all JSON (nothing ioredis or Node printed in plain text),
   * with `times` lines saying Redis was lost and as many saying it is back: one per change of
   * state, whatever the number of reconnections in between.
   */
  function expectLogLines(times: number) {
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const server of servers) {
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line !== '');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const messages = lines.map((line) => JSON.parse(line).msg as string);
      // Production says at every start that messages go to the outbox on purpose.
      expect(messages.filter((msg) => msg.startsWith('MESSAGES_TO_OUTBOX=true'))).toHaveLength(1);
      if (process.env.SHOW_REDIS_LINES) console.log(messages.filter((msg) => /redis/i.test(msg)));
      expect(messages.filter((msg) => msg.startsWith('Redis does not answer'))).toHaveLength(times);
      expect(messages.filter((msg) => msg.startsWith('Redis answers again'))).toHaveLength(times);
    }
  }
});
