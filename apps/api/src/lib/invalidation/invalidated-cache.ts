import { TtlCache } from '../ttl-cache.ts';

/**
 * What a change invalidates, named by the id of the changed row:
 * - `api-key` (api_keys.id): the key's credential (secret, scopes, limits, IPs, expiry, state);
 * - `organization` (organizations.id): its client credentials and its network policy (trusted
 *   IPs, allow-listing and geo switches, country rules).
 */
export type InvalidationTopic = 'api-key' | 'organization';

const caches = new Set<InvalidatedCache<unknown>>();
/** Buses that are not listening now: while any is, every cache is bypassed. */
const deafBuses = new Set<object>();

/**
 * A TTL cache of security decisions that the invalidation bus empties: an entry is dropped in
 * every process when its topic's id is published, and every entry when a bus loses its
 * connection (a notification may have been missed). Caches live for the process.
 */
export class InvalidatedCache<V> {
  private readonly entries: TtlCache<V>;
  /** Bumped by every drop: a value loaded across a drop may be stale and is not kept. */
  private generation = 0;

  readonly topic: InvalidationTopic;
  /** The id of the topic an entry belongs to (undefined: no row, nothing to invalidate). */
  private readonly idOf: (key: string, value: V) => string | undefined;

  constructor(
    topic: InvalidationTopic,
    idOf: (key: string, value: V) => string | undefined,
    ttlMs: number,
    maxEntries?: number,
  ) {
    this.topic = topic;
    this.idOf = idOf;
    this.entries = new TtlCache<V>(ttlMs, maxEntries);
    caches.add(this as InvalidatedCache<unknown>);
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (deafBuses.size === 0) {
      const cached = this.entries.get(key);
      if (cached !== undefined) return cached;
    }
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && deafBuses.size === 0) this.entries.set(key, value);
    return value;
  }

  /** The cached value, never loaded (undefined: not cached, or every cache is bypassed now). */
  peek(key: string): V | undefined {
    return deafBuses.size === 0 ? this.entries.get(key) : undefined;
  }

  drop(id: string) {
    this.generation++;
    this.entries.deleteWhere((key, value) => this.idOf(key, value) === id);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

/** Drops what belongs to `id` from this process's caches of `topic`. */
export function dropCached(topic: InvalidationTopic, id: string) {
  for (const cache of caches) if (cache.topic === topic) cache.drop(id);
}

/** A bus stopped listening or listens again: either way every cache is emptied. */
export function setBusListening(bus: object, isListening: boolean) {
  if (isListening) deafBuses.delete(bus);
  else deafBuses.add(bus);
  for (const cache of caches) cache.clear();
}
