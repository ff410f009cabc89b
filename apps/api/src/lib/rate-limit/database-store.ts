import type { Database, Queryable } from '../../db/database.ts';
import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';

/**
 * Sliding windows counted in PostgreSQL itself (`rate_limit_hits`, hits per key and second), every
 * decision in one transaction under an advisory lock per key: one count for every process that
 * shares the database. Where Redis is configured and does not answer, the rate limits go here
 * (`failover-store.ts`). A hit counts until the end of its second plus the window: never less
 * than the window, at most a second more. Its hits are marked as admitted outside Redis, for
 * Redis to be brought up to date with them when it answers again.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    return this.db.transaction(async (tx) => {
      await lockKeys(
        tx,
        windows.map((w) => w.key),
      );
      const rows = await tx.query<{ key: string; hits: number; oldest: string | null }>(
        `select w.key, coalesce(sum(h.hits), 0)::int as hits, min(h.second)::text as oldest
           from unnest($1::text[], $2::bigint[]) as w(key, window_ms)
           left join rate_limit_hits h
             on h.key = w.key and h.second * 1000 + 999 > $3::bigint - w.window_ms
          group by w.key`,
        [windows.map((w) => w.key), windows.map((w) => w.windowMs), nowMs],
      );
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const allowed = windows.every((w) => (byKey.get(w.key)?.hits ?? 0) < w.limit);
      if (allowed) {
        for (const window of windows) await addHit(tx, window.key, window.windowMs, nowMs);
      }
      return {
        allowed,
        states: windows.map((window) => {
          const row = byKey.get(window.key);
          const count = (row?.hits ?? 0) + (allowed ? 1 : 0);
          const oldestAt = row?.oldest ? Number(row.oldest) * 1000 + 999 : allowed ? nowMs : 0;
          return {
            window,
            count,
            resetMs: count === 0 ? 0 : Math.max(0, oldestAt + window.windowMs - nowMs),
          };
        }),
      };
    });
  }

  async record(key: string, windowMs: number, nowMs: number) {
    await addHit(this.db, key, windowMs, nowMs);
  }

  async count(key: string, windowMs: number, nowMs: number) {
    const [row] = await this.db.query<{ hits: number }>(
      `select coalesce(sum(hits), 0)::int as hits from rate_limit_hits
        where key = $1 and second * 1000 + 999 > $2::bigint - $3::bigint`,
      [key, nowMs, windowMs],
    );
    return row?.hits ?? 0;
  }

  async clear(key: string) {
    await this.db.query('delete from rate_limit_hits where key = $1', [key]);
  }

  /** Deletes the hits that left their window (a background job). */
  async sweep(nowMs: number) {
    await this.db.query('delete from rate_limit_hits where expires_at <= $1', [nowMs]);
  }

  async close() {}
}

/** Serialises the decisions on these keys across processes, in one order (no deadlock). */
async function lockKeys(tx: Queryable, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 7402))', [
      `rate-limit:${key}`,
    ]);
  }
}

/** One hit admitted here, not in Redis (`outside_redis`, at PostgreSQL's clock: `outside_at`). */
async function addHit(db: Queryable, key: string, windowMs: number, nowMs: number) {
  await db.query(
    `insert into rate_limit_hits (key, second, hits, expires_at, outside_redis, outside_at)
     values ($1, $2, 1, $3, 1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
     on conflict (key, second) do update
       set hits = rate_limit_hits.hits + 1,
           expires_at = greatest(rate_limit_hits.expires_at, excluded.expires_at),
           outside_redis = rate_limit_hits.outside_redis + 1,
           outside_at = excluded.outside_at`,
    [key, Math.floor(nowMs / 1000), nowMs + windowMs],
  );
}
