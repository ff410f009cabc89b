import type { Database } from '../../db/database.ts';
import { MemoryRateLimitStore } from './memory-store.ts';
import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';

interface Bucket {
  hits: number;
  /** Epoch ms when the last of these hits leaves its window. */
  expiresAt: number;
}

/**
 * The memory store, written behind to the database so a restart keeps every limit (no Redis).
 * Decisions stay in memory (the hot path never waits for the database); `flush` adds the new
 * hits, counted per key and second, every second and at shutdown; `open` reads back those
 * still inside their window, each at the end of its second (never earlier than it happened).
 * A process killed with -9 forgets at most its last second of hits.
 */
export class PersistedRateLimitStore implements RateLimitStore {
  private readonly memory = new MemoryRateLimitStore();
  private pending = new Map<string, Map<number, Bucket>>();
  private cleared = new Set<string>();

  private readonly db: Database;
  private readonly nowMs: () => number;

  private constructor(db: Database, nowMs: () => number) {
    this.db = db;
    this.nowMs = nowMs;
  }

  static async open(db: Database, nowMs: () => number) {
    const store = new PersistedRateLimitStore(db, nowMs);
    const rows = await db.query<{ key: string; second: number; hits: number; expires_at: number }>(
      'select key, second, hits, expires_at from rate_limit_hits where expires_at > $1 order by second',
      [nowMs()],
    );
    for (const row of rows) {
      const at = row.second * 1000 + 999;
      for (let hit = 0; hit < row.hits; hit++) {
        await store.memory.record(row.key, row.expires_at - at, at);
      }
    }
    return store;
  }

  async consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    const result = await this.memory.consume(windows, nowMs);
    if (result.allowed) for (const window of windows) this.note(window.key, window.windowMs, nowMs);
    return result;
  }

  async record(key: string, windowMs: number, nowMs: number) {
    await this.memory.record(key, windowMs, nowMs);
    this.note(key, windowMs, nowMs);
  }

  count(key: string, windowMs: number, nowMs: number) {
    return this.memory.count(key, windowMs, nowMs);
  }

  async clear(key: string) {
    await this.memory.clear(key);
    this.pending.delete(key);
    this.cleared.add(key);
  }

  /** Writes what changed since the last flush; on failure it is kept for the next one. */
  async flush() {
    const cleared = [...this.cleared];
    const pending = this.pending;
    this.cleared = new Set();
    this.pending = new Map();
    const keys: string[] = [];
    const seconds: number[] = [];
    const hits: number[] = [];
    const expiries: number[] = [];
    for (const [key, buckets] of pending) {
      for (const [second, bucket] of buckets) {
        keys.push(key);
        seconds.push(second);
        hits.push(bucket.hits);
        expiries.push(bucket.expiresAt);
      }
    }
    try {
      await this.db.transaction(async (tx) => {
        if (cleared.length) {
          await tx.query('delete from rate_limit_hits where key = any($1::text[])', [cleared]);
        }
        if (keys.length) {
          await tx.query(
            `insert into rate_limit_hits (key, second, hits, expires_at)
             select * from unnest($1::text[], $2::bigint[], $3::int[], $4::bigint[])
             on conflict (key, second) do update
               set hits = rate_limit_hits.hits + excluded.hits,
                   expires_at = greatest(rate_limit_hits.expires_at, excluded.expires_at)`,
            [keys, seconds, hits, expiries],
          );
        }
        await tx.query('delete from rate_limit_hits where expires_at <= $1', [this.nowMs()]);
      });
    } catch (error) {
      // Hits of a key cleared meanwhile are gone with it.
      for (const [key, buckets] of pending) {
        if (this.cleared.has(key)) continue;
        for (const [second, bucket] of buckets) this.addToBucket(key, second, bucket);
      }
      for (const key of cleared) this.cleared.add(key);
      throw error;
    }
  }

  async close() {
    await this.flush();
  }

  private note(key: string, windowMs: number, nowMs: number) {
    this.addToBucket(key, Math.floor(nowMs / 1000), { hits: 1, expiresAt: nowMs + windowMs });
  }

  private addToBucket(key: string, second: number, bucket: Bucket) {
    let buckets = this.pending.get(key);
    if (!buckets) {
      buckets = new Map();
      this.pending.set(key, buckets);
    }
    const known = buckets.get(second);
    buckets.set(second, {
      hits: (known?.hits ?? 0) + bucket.hits,
      expiresAt: Math.max(known?.expiresAt ?? 0, bucket.expiresAt),
    });
  }
}
