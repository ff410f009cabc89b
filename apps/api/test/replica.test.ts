import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import type { Database } from '../src/db/database.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  freePort,
  request,
  testConfig,
} from './harness.ts';
import { type Standby, startStandby } from './standby.ts';

const person = { full_name: 'محمد أحمد القحطاني', national_id: '1012345678' };

/** Polls a condition of the standby (replay is asynchronous) until it holds. */
async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`the standby never ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.runIf(databaseKinds.includes('postgres'))('console reads on a streaming standby', () => {
  let standby: Standby;
  let db: Database;
  let database: string;
  let app: FastifyInstance;
  let ctx: AppContext;
  let baseUrl: string;

  beforeAll(async () => {
    standby = await startStandby();
    db = await createTestDatabase('postgres');
    const [row] = await db.query<{ database: string }>('select current_database() as database');
    database = row?.database ?? '';
    await until(
      async () =>
        (
          await standby.query<{ n: number }>(
            'postgres',
            `select count(*)::int as n from pg_database where datname = '${database}'`,
          )
        )[0]?.n === 1,
      'received the test database',
    );
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    ({ app, ctx } = await buildApp({
      config: testConfig({
        PUBLIC_URL: baseUrl,
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
        DATABASE_REPLICA_URL: standby.urlOf(database),
      }),
      db,
      runBackgroundJobs: false,
    }));
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await standby?.remove();
  });

  const reads = () => ({ ...(ctx.reads?.counts ?? { replica: 0, primary: 0, fallbacks: 0 }) });
  const codeStatus = async (org: { token: string }, tokenId: string, cookie?: string) => {
    const list = await request(baseUrl, 'GET', '/api/v1/tokens', {
      token: org.token,
      headers: cookie ? { cookie } : {},
    });
    expect(list.status).toBe(200);
    return list.body.tokens.find((code: { token_id: string }) => code.token_id === tokenId)?.status;
  };
  const standbyHas = (tokenId: string) => async () =>
    (
      await standby.query<{ n: number }>(
        database,
        `select count(*)::int as n from tokens where id = '${tokenId}'`,
      )
    )[0]?.n === 1;

  it('serves paging and aggregating console reads from the standby; /v1 stays on the primary', async () => {
    const bank = await createIntegrator(baseUrl);
    const generated = await bank.call('POST', '/v1/tokens/generate', {
      data: person,
      audience: bank.organization.client_id,
    });
    expect(generated.status).toBe(201);
    await until(standbyHas(generated.body.token_id), 'replayed the new code');

    const before = reads();
    expect(await codeStatus(bank, generated.body.token_id)).toBe('active');
    for (const path of [
      '/api/v1/security/requests',
      '/api/v1/wallet/statements',
      `/api/v1/organizations/${bank.organization.id}/dashboard`,
    ]) {
      expect((await request(baseUrl, 'GET', path, { token: bank.token })).status).toBe(200);
    }
    const after = reads();
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(4);
    expect(after.fallbacks).toBe(before.fallbacks);

    // The hot path never asks the read routing.
    const status = await bank.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
    expect(status.status).toBe(200);
    expect(reads()).toEqual(after);
  });

  it('shows a caller their own change at once, even while the standby is behind', async () => {
    const bank = await createIntegrator(baseUrl);
    const generated = await bank.call('POST', '/v1/tokens/generate', {
      data: person,
      audience: bank.organization.client_id,
    });
    await until(standbyHas(generated.body.token_id), 'replayed the new code');
    await standby.query(database, 'select pg_wal_replay_pause()');
    try {
      const decrypted = await request(baseUrl, 'POST', '/api/v1/tokens/verify', {
        token: bank.token,
        json: { token: generated.body.token },
      });
      expect(decrypted.status).toBe(200);
      const cookie = decrypted.headers
        .getSetCookie()
        .find((value) => value.startsWith('tq_read_after='));
      expect(cookie).toMatch(/HttpOnly/i);

      // Their own read waits for nothing: the primary answers it with the change.
      expect(await codeStatus(bank, generated.body.token_id, cookie?.split(';')[0])).toBe('used');
      // Another reader may still be served by the standby, which has not replayed it yet.
      const before = reads();
      expect(await codeStatus(bank, generated.body.token_id)).toBe('active');
      expect(reads().replica).toBeGreaterThan(before.replica);
    } finally {
      await standby.query(database, 'select pg_wal_replay_resume()');
    }
  });

  it('falls back to the primary with no error when the standby stops mid-run', async () => {
    const bank = await createIntegrator(baseUrl);
    const read = () => request(baseUrl, 'GET', '/api/v1/security/requests', { token: bank.token });
    const statuses: number[] = [];
    let stopping = true;
    const reader = (async () => {
      while (stopping) statuses.push((await read()).status);
    })();
    const before = reads();
    await standby.stop();
    stopping = false;
    await reader;
    for (let i = 0; i < 5; i++) statuses.push((await read()).status);
    expect(statuses.length).toBeGreaterThan(5);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const after = reads();
    expect(after.primary).toBeGreaterThan(before.primary);
  });
});
