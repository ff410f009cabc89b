import type { Database } from '../../db/database.ts';
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
 * `NOTIFY`, or Redis pub/sub when REDIS_URL is set). A process that loses its listening
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

/** Redis pub/sub when REDIS_URL is set, else the database's own notifications. */
export function invalidationBusFor(
  config: { redisUrl: string | undefined },
  db: Database,
  log: { error(details: object, message: string): void },
): InvalidationBus {
  return createInvalidationBus(
    config.redisUrl ? redisTransport(config.redisUrl, INVALIDATION_CHANNEL) : databaseTransport(db),
    log,
  );
}
