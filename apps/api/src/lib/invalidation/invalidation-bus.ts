import type { Database } from '../../db/database.ts';
import type { RedisLink } from '../redis-link.ts';
import { dropCached, type InvalidationTopic, setBusListening } from './invalidated-cache.ts';
import { redisTransport } from './redis-transport.ts';
import type { InvalidationTransport } from './transport.ts';

export type { InvalidationTopic } from './invalidated-cache.ts';
export type { InvalidationTransport };

/**
 * Tells every API process that a security decision changed, so none acts on a cached one.
 *
 * Publishing is one call, made after the change committed (outside the transaction):
 *
 *     await ctx.invalidation.publish('api-key', keyId);        // disabled, deleted, edited, rolled
 *     await ctx.invalidation.publish('organization', orgId);   // trusted IPs, country rules, switches, client secret
 *
 * This process drops the entries at once; the others within milliseconds (PostgreSQL
 * `NOTIFY`, and Redis pub/sub too when REDIS_URL is set and it answers). A process that loses its listening
 * connection empties its caches and bypasses them until it listens again.
 */
export interface InvalidationBus {
  publish(topic: InvalidationTopic, id: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const INVALIDATION_CHANNEL = 'tanqin_invalidation';
const TOPICS = new Set<string>(['api-key', 'organization'] satisfies InvalidationTopic[]);

export function databaseTransport(db: Database): InvalidationTransport {
  return {
    send: async (payload) => {
      await db.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, payload]);
    },
    listen: (handlers) => db.listen(INVALIDATION_CHANNEL, handlers),
  };
}

export function createInvalidationBus(
  transport: InvalidationTransport,
  log: { error(details: object, message: string): void },
): InvalidationBus {
  let listener: { close(): Promise<void> } | undefined;
  const bus: InvalidationBus = {
    async publish(topic, id) {
      dropCached(topic, id);
      try {
        await transport.send(`${topic} ${id}`);
      } catch (error) {
        // The change is committed; other processes drop the entry by its TTL at the latest.
        log.error({ err: error, topic, id }, 'invalidation not sent');
      }
    },
    async start() {
      setBusListening(bus, false);
      listener = await transport.listen({
        onMessage(payload) {
          const [topic, id] = payload.split(' ');
          if (topic && id && TOPICS.has(topic)) dropCached(topic as InvalidationTopic, id);
        },
        onLost: () => setBusListening(bus, false),
        onListening: () => setBusListening(bus, true),
      });
    },
    async close() {
      await listener?.close();
      listener = undefined;
      await transport.close?.();
      setBusListening(bus, true);
    },
  };
  return bus;
}

/**
 * PostgreSQL `NOTIFY` always, and Redis pub/sub too while it answers (REDIS_URL): every publisher
 * reaches the database (its change was just committed there), so a process that listens there
 * misses nothing when Redis is gone. A notice comes by both ways (dropped twice, harmlessly); a
 * process bypasses its caches only while its PostgreSQL listener is lost.
 */
export function alsoOverRedis(
  database: InvalidationTransport,
  redis: InvalidationTransport,
): InvalidationTransport {
  return {
    async send(payload) {
      // Not waited for: a Redis that stalls never holds up the change's answer.
      redis.send(payload).catch(() => {});
      await database.send(payload);
    },
    async listen(handlers) {
      // Not waited for: the server starts while Redis does not answer.
      const overRedis = redis.listen({
        onMessage: handlers.onMessage,
        onLost() {},
        onListening() {},
      });
      const overDatabase = await database.listen(handlers);
      return {
        async close() {
          await Promise.all([overDatabase.close(), overRedis.then((listener) => listener.close())]);
        },
      };
    },
    async close() {
      await Promise.all([database.close?.(), redis.close?.()]);
    },
  };
}

/** The database's own notifications, and Redis pub/sub as well when REDIS_URL is set. */
export function invalidationBusFor(
  link: RedisLink | undefined,
  db: Database,
  log: { error(details: object, message: string): void },
): InvalidationBus {
  const database = databaseTransport(db);
  return createInvalidationBus(
    link ? alsoOverRedis(database, redisTransport(link, INVALIDATION_CHANNEL)) : database,
    log,
  );
}
