import type { Queryable } from '../../db/database.ts';

interface Bucket {
  hits: number;
  /** Epoch ms when the last of these hits leaves its window. */
  expiresAt: number;
}

/**
 * Hits counted per key and second, waiting to be added to `rate_limit_hits` (the rows the
 * PostgreSQL-backed counting reads: `database-store.ts`, `persisted-store.ts`).
 */
export class HitBuckets {
  private buckets = new Map<string, Map<number, Bucket>>();

  get isEmpty() {
    return this.buckets.size === 0;
  }

  note(key: string, windowMs: number, nowMs: number) {
    this.add(key, Math.floor(nowMs / 1000), { hits: 1, expiresAt: nowMs + windowMs });
  }

  delete(key: string) {
    this.buckets.delete(key);
  }

  /** Takes every bucket out, to be written; `putBack` returns them if the write fails. */
  take(): HitBuckets {
    const taken = new HitBuckets();
    taken.buckets = this.buckets;
    this.buckets = new Map();
    return taken;
  }

  /** Returns buckets taken out and not written, but those of a key in `except` (cleared since). */
  putBack(taken: HitBuckets, except: Set<string>) {
    for (const [key, buckets] of taken.buckets) {
      if (except.has(key)) continue;
      for (const [second, bucket] of buckets) this.add(key, second, bucket);
    }
  }

  /** Adds the hits to `rate_limit_hits`, one statement for all keys. */
  async write(tx: Queryable) {
    const keys: string[] = [];
    const seconds: number[] = [];
    const hits: number[] = [];
    const expiries: number[] = [];
    for (const [key, buckets] of this.buckets) {
      for (const [second, bucket] of buckets) {
        keys.push(key);
        seconds.push(second);
        hits.push(bucket.hits);
        expiries.push(bucket.expiresAt);
      }
    }
    if (keys.length === 0) return;
    await tx.query(
      `insert into rate_limit_hits (key, second, hits, expires_at)
       select * from unnest($1::text[], $2::bigint[], $3::int[], $4::bigint[])
       on conflict (key, second) do update
         set hits = rate_limit_hits.hits + excluded.hits,
             expires_at = greatest(rate_limit_hits.expires_at, excluded.expires_at)`,
      [keys, seconds, hits, expiries],
    );
  }

  private add(key: string, second: number, bucket: Bucket) {
    let buckets = this.buckets.get(key);
    if (!buckets) {
      buckets = new Map();
      this.buckets.set(key, buckets);
    }
    const known = buckets.get(second);
    buckets.set(second, {
      hits: (known?.hits ?? 0) + bucket.hits,
      expiresAt: Math.max(known?.expiresAt ?? 0, bucket.expiresAt),
    });
  }
}
