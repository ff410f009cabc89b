import type { Database } from '../../db/database.ts';
import { HitBuckets } from './hit-buckets.ts';
import { MemoryRateLimitStore } from './memory-store.ts';
import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';

/**
 * The memory store, written behind to the database so a restart keeps every limit (no Redis).
 * Decisions stay in memory (the hot path never waits for the database); `flush` adds the new
 * hits, counted per key and second, every second and at shutdown; `open` reads back those
 * still inside their window, each at the end of its second (never earlier than it happened).
 * A process killed with -9 forgets at most its last second of hits.
 */
export class PersistedRateLimitStore implements RateLimitStore {
  private readonly memory = new MemoryRateLimitStore();
  private readonly pending = new HitBuckets();
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
    const pending = this.pending.take();
    this.cleared = new Set();
    try {
      await this.db.transaction(async (tx) => {
        if (cleared.length) {
          await tx.query('delete from rate_limit_hits where key = any($1::text[])', [cleared]);
        }
        await pending.write(tx);
        await tx.query('delete from rate_limit_hits where expires_at <= $1', [this.nowMs()]);
      });
    } catch (error) {
      // Hits of a key cleared meanwhile are gone with it.
      this.pending.putBack(pending, this.cleared);
      for (const key of cleared) this.cleared.add(key);
      throw error;
    }
  }

  async close() {
    await this.flush();
  }

  private note(key: string, windowMs: number, nowMs: number) {
    this.pending.note(key, windowMs, nowMs);
  }
}
