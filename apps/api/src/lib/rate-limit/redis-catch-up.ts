import type { Database } from '../../db/database.ts';
import type { RedisRateLimitStore } from './redis-store.ts';

const PAGE = 5_000;

interface Row {
  key: string;
  second: string;
  hits: number;
  outside_redis: number;
  expires_at: string;
  outside_at: string | null;
}

type Hit = { key: string; windowMs: number; atMs: number; member?: string };

/**
 * The hits of one `rate_limit_hits` row to add to Redis, each at the end of its second (never
 * earlier than it happened). Those PostgreSQL admitted are named after their second and rank, so
 * adding them again (another process, another pass) counts none twice; with `all`, those Redis
 * had admitted too (an empty Redis being rebuilt), under new names.
 */
function hitsOf(row: Row, all: boolean): Hit[] {
  const second = Number(row.second);
  const atMs = second * 1000 + 999;
  const windowMs = Math.max(1, Number(row.expires_at) - atMs);
  const hits: Hit[] = [];
  for (let n = 0; n < row.outside_redis; n++) {
    hits.push({ key: row.key, windowMs, atMs, member: `pg:${second}:${n}` });
  }
  if (all) {
    for (let n = row.outside_redis; n < row.hits; n++) hits.push({ key: row.key, windowMs, atMs });
  }
  return hits;
}

/**
 * Adds to Redis the hits still in their window, page by page: with `since`, only those PostgreSQL
 * admitted after that moment (its clock); otherwise every hit (`onPage` runs after each page).
 * Resolves with PostgreSQL's time of the newest hit it admitted among them (or `since`).
 */
export async function addDatabaseHits(
  db: Database,
  redis: RedisRateLimitStore,
  options: { nowMs: number; since?: number; onPage?: () => Promise<unknown> },
): Promise<number> {
  const all = options.since === undefined;
  let newest = options.since ?? 0;
  let after: [string, string] = ['', '-1'];
  for (;;) {
    const rows = await db.query<Row>(
      `select key, second::text, hits, outside_redis, expires_at::text, outside_at::text
         from rate_limit_hits
        where expires_at > $1 and (key, second) > ($2, $3::bigint)
          ${all ? '' : 'and outside_redis > 0 and outside_at > $4'}
        order by key, second limit ${PAGE}`,
      [options.nowMs, after[0], after[1], ...(all ? [] : [options.since])],
    );
    const hits = rows.flatMap((row) => hitsOf(row, all));
    if (hits.length) await redis.addHits(hits);
    for (const row of rows) {
      if (row.outside_at !== null) newest = Math.max(newest, Number(row.outside_at));
    }
    if (rows.length < PAGE) return newest;
    const last = rows.at(-1)!;
    after = [last.key, last.second];
    await options.onPage?.();
  }
}

/** PostgreSQL's time of the newest hit it admitted still counted (0: none). */
export async function newestDatabaseHit(db: Database): Promise<number> {
  const [row] = await db.query<{ newest: string | null }>(
    'select max(outside_at)::text as newest from rate_limit_hits where outside_redis > 0',
  );
  return Number(row?.newest ?? 0);
}
