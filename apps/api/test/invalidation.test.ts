import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { InvalidatedCache } from '../src/lib/invalidation/invalidated-cache.ts';
import {
  createInvalidationBus,
  databaseTransport,
  type InvalidationBus,
  type InvalidationTransport,
} from '../src/lib/invalidation/invalidation-bus.ts';
import { redisTransport } from '../src/lib/invalidation/redis-transport.ts';
import { RedisLink } from '../src/lib/redis-link.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const silentLog = { error() {} };

async function isRedisReachable() {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Polls `check` until it holds, failing after the deadline (no fixed sleeps). */
async function eventually(check: () => Promise<boolean>, deadlineMs = 2000) {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface TransportCase {
  /** The listening side (this process) and a sender standing for another process. */
  listening: InvalidationTransport;
  sender: InvalidationTransport;
  /** Cuts the listening connection from the server side; undefined where none can be lost. */
  cutListener?: () => Promise<void>;
  close(): Promise<void>;
}

// [name, whether its listening connection can be lost, setup]
const transportCases: Array<[string, boolean, () => Promise<TransportCase>]> = databaseKinds.map(
  (kind) => [
    kind,
    // PGlite notifies within the process: there is no connection to lose.
    kind === 'postgres',
    async () => {
      const db: Database = await createTestDatabase(kind);
      return {
        listening: databaseTransport(db),
        sender: databaseTransport(db),
        cutListener:
          kind === 'postgres'
            ? async () => {
                await db.query(
                  `select pg_terminate_backend(pid) from pg_stat_activity
                    where application_name = 'tanqin-listener' and datname = current_database()`,
                );
              }
            : undefined,
        close: () => db.close(),
      };
    },
  ],
);
const redisIsReachable = await isRedisReachable();
if (redisIsReachable) {
  transportCases.push([
    'redis',
    true,
    async () => {
      const channel = `tanqin-test-${randomBytes(4).toString('hex')}`;
      const link = new RedisLink(redisUrl, { info() {}, warn() {} });
      const listening = redisTransport(link, channel);
      const sender = redisTransport(link, channel);
      const admin = new Redis(redisUrl);
      return {
        listening,
        sender,
        // Only this test process's listener (its connection name carries the pid).
        cutListener: async () => {
          const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
          for (const line of clients.split('\n')) {
            if (!line.includes(` name=tanqin-listener-${process.pid} `)) continue;
            await admin.call('CLIENT', 'KILL', 'ID', line.match(/^id=(\d+)/)![1]!);
          }
        },
        close: async () => {
          await sender.close?.();
          await link.close();
          admin.disconnect();
        },
      };
    },
  ]);
}

describe.each(transportCases)('invalidation over %s', (_name, isLosable, open) => {
  let setup: TransportCase;
  let bus: InvalidationBus;
  let loads = 0;
  const cache = new InvalidatedCache<string>('api-key', (_key, id) => id, 60_000);
  const id = randomUUID();
  /** Reads the entry through the cache; true when it had to load it (not cached). */
  const loaded = async () => {
    const before = loads;
    await cache.getOrLoad('key', async () => {
      loads++;
      return id;
    });
    return loads > before;
  };

  beforeAll(async () => {
    setup = await open();
    bus = createInvalidationBus(setup.listening, silentLog);
    await bus.start();
  });
  afterAll(async () => {
    await bus.close();
    await setup.close();
  });

  it('drops an entry in this process when another process sends its id', async () => {
    await loaded();
    expect(await loaded()).toBe(false);
    await setup.sender.send(`api-key ${randomUUID()}`);
    await setup.sender.send(`api-key ${id}`);
    await eventually(loaded, 1000);
    expect(await loaded()).toBe(false);
  });

  if (isLosable) {
    it('empties and bypasses the caches while not listening, then caches again', async () => {
      await loaded();
      expect(await loaded()).toBe(false);
      await setup.cutListener!();
      // Lost: every read loads (a notification sent now might be missed).
      await eventually(async () => (await loaded()) && (await loaded()));
      // Listening again: cached as before.
      await eventually(async () => !(await loaded()), 5000);
    });
  }
});

if (redisIsReachable) {
  describe('the redis publisher', () => {
    it('publishes a message sent while its first connection is being made', async () => {
      const link = new RedisLink(redisUrl, { info() {}, warn() {} });
      const transport = redisTransport(link, `tanqin-test-${randomBytes(4).toString('hex')}`);
      try {
        await expect(transport.send(`api-key ${randomUUID()}`)).resolves.toBeUndefined();
      } finally {
        await transport.close?.();
        await link.close();
      }
    });
  });
}

describe.each(databaseKinds)('cached key decisions on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const generate = (integrator: Awaited<ReturnType<typeof createIntegrator>>) =>
    request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: integrator.headers,
      json: { data: { name: 'سارة' }, expires_in: 300 },
    });

  it('follows a change published by another process within a second', async () => {
    const integrator = await createIntegrator(server.baseUrl);
    expect((await generate(integrator)).status).toBe(201);
    // Another process disables the key and publishes it (its own connection, not this server's).
    await server.db.query('update api_keys set is_active = false where id = $1', [
      integrator.key.id,
    ]);
    await databaseTransport(server.db).send(`api-key ${integrator.key.id}`);
    await eventually(async () => (await generate(integrator)).status === 401, 1000);
    expect((await generate(integrator)).body.code).toBe('key_inactive');
  });

  it('refuses Basic credentials verified a moment ago once another process changes the secret', async () => {
    const integrator = await createIntegrator(server.baseUrl);
    // Twice: the second call is answered from the credentials verified by the first.
    expect((await generate(integrator)).status).toBe(201);
    expect((await generate(integrator)).status).toBe(201);
    await server.db.query(
      "update api_keys set secret_hash = 'rolled-elsewhere', secret_version = secret_version + 1 where id = $1",
      [integrator.key.id],
    );
    await databaseTransport(server.db).send(`api-key ${integrator.key.id}`);
    await eventually(async () => (await generate(integrator)).status === 401, 1000);
    expect((await generate(integrator)).body.code).toBe('invalid_api_key');
  });

  it('answers 401, not 500, for a key deleted while its credential was cached', async () => {
    const integrator = await createIntegrator(server.baseUrl);
    expect((await generate(integrator)).status).toBe(201);
    // Deleted with no notice at all: the cached credential still passes, the write finds no key.
    await server.db.query('delete from api_keys where id = $1', [integrator.key.id]);
    const refused = await generate(integrator);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_api_key');
    expect((await generate(integrator)).status).toBe(401);
    const [tokens] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from tokens where organization_id = $1',
      [integrator.organization.id],
    );
    expect(tokens!.count).toBe(1);
  });
});
