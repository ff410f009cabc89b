import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { RedisLink } from '../redis-link.ts';
import type { DatabaseRateLimitStore } from './database-store.ts';
import { HitBuckets } from './hit-buckets.ts';
import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';
import type { RedisRateLimitStore } from './redis-store.ts';

/** Hits counted in PostgreSQL while Redis did not answer, kept to be added to Redis (at most). */
const MAX_REPLAY = 100_000;
const SWEEP_EVERY_MS = 60_000;

interface Hit {
  key: string;
  windowMs: number;
  atMs: number;
}

const NOT_ANSWERED = Symbol('Redis did not answer');
const REBUILDING = 'rebuilding:';
const REBUILD_CLAIM_MS = 30_000;
const REBUILD_PAGE = 5_000;

/**
 * The rate limits of a deployment with REDIS_URL: counted in Redis while it answers, in
 * PostgreSQL (`DatabaseRateLimitStore`, shared by every process too) when it does not, so a limit
 * never becomes per process and a Redis failure never fails the call.
 *
 * The two counts follow each other: the hits Redis admits are written behind to PostgreSQL every
 * second (`flush`), so a fallback continues the windows where they were (less at most the last
 * second); when Redis answers again it is brought up to date before it decides (`resync`).
 */
export class FailoverRateLimitStore implements RateLimitStore {
  private readonly redis: RedisRateLimitStore;
  private readonly database: DatabaseRateLimitStore;
  private readonly link: RedisLink;
  private readonly db: Database;
  private readonly nowMs: () => number;
  /** Hits Redis admitted, to be added to PostgreSQL. */
  private readonly mirror = new HitBuckets();
  private cleared = new Set<string>();
  /** Hits PostgreSQL admitted while Redis did not answer, to be added to Redis. */
  private replay: Hit[] = [];
  private isSyncing = false;
  /** Keys cleared while Redis did not answer, to be cleared there too. */
  private clearInRedis = new Set<string>();
  /** The generation of Redis's data last seen (a new one: Redis lost what it counted). */
  private generation: string | undefined;
  private lastSweepMs = 0;

  constructor(options: {
    redis: RedisRateLimitStore;
    database: DatabaseRateLimitStore;
    link: RedisLink;
    db: Database;
    nowMs: () => number;
  }) {
    this.redis = options.redis;
    this.database = options.database;
    this.link = options.link;
    this.db = options.db;
    this.nowMs = options.nowMs;
    this.redis.redis.on('ready', () => void this.resync());
  }

  async consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    const answer = await this.viaRedis(() => this.redis.consume(windows, nowMs));
    if (answer !== NOT_ANSWERED) {
      if (answer.allowed) for (const w of windows) this.mirror.note(w.key, w.windowMs, nowMs);
      return answer;
    }
    const result = await this.database.consume(windows, nowMs);
    if (result.allowed) for (const w of windows) this.remember(w.key, w.windowMs, nowMs);
    return result;
  }

  async record(key: string, windowMs: number, nowMs: number) {
    const answer = await this.viaRedis(() => this.redis.record(key, windowMs, nowMs));
    if (answer !== NOT_ANSWERED) {
      this.mirror.note(key, windowMs, nowMs);
      return;
    }
    await this.database.record(key, windowMs, nowMs);
    this.remember(key, windowMs, nowMs);
  }

  async count(key: string, windowMs: number, nowMs: number) {
    const answer = await this.viaRedis(() => this.redis.count(key, windowMs, nowMs));
    return answer !== NOT_ANSWERED ? answer : this.database.count(key, windowMs, nowMs);
  }

  async clear(key: string) {
    this.mirror.delete(key);
    this.replay = this.replay.filter((hit) => hit.key !== key);
    const answer = await this.viaRedis(() => this.redis.clear(key));
    // Counting in PostgreSQL now: cleared there at once (and in Redis when it answers again);
    // otherwise in PostgreSQL with the next flush.
    if (answer === NOT_ANSWERED) {
      this.clearInRedis.add(key);
      await this.database.clear(key);
    } else this.cleared.add(key);
  }

  /** Writes the hits Redis admitted since the last flush (every second); kept on failure. */
  async flush() {
    const cleared = [...this.cleared];
    const pending = this.mirror.take();
    this.cleared = new Set();
    const nowMs = this.nowMs();
    const sweep = nowMs - this.lastSweepMs >= SWEEP_EVERY_MS;
    if (!cleared.length && pending.isEmpty && !sweep) return;
    try {
      await this.db.transaction(async (tx) => {
        if (cleared.length) {
          await tx.query('delete from rate_limit_hits where key = any($1::text[])', [cleared]);
        }
        await pending.write(tx);
        if (sweep) await tx.query('delete from rate_limit_hits where expires_at <= $1', [nowMs]);
      });
      if (sweep) this.lastSweepMs = nowMs;
    } catch (error) {
      this.mirror.putBack(pending, this.cleared);
      for (const key of cleared) this.cleared.add(key);
      throw error;
    }
  }

  async close() {
    try {
      await this.flush();
    } finally {
      await this.redis.close();
    }
  }

  private async viaRedis<T>(run: () => Promise<T>): Promise<T | typeof NOT_ANSWERED> {
    if (this.isSyncing || !RedisLink.isUsable(this.redis.redis)) return NOT_ANSWERED;
    try {
      return await run();
    } catch (error) {
      this.link.failed(this.redis.redis, error);
      return NOT_ANSWERED;
    }
  }

  private remember(key: string, windowMs: number, atMs: number) {
    this.replay.push({ key, windowMs, atMs });
    if (this.replay.length > MAX_REPLAY) this.replay.splice(0, this.replay.length - MAX_REPLAY);
  }

  /**
   * Redis answers (again): before it decides anything in this process, it is brought up to date.
   * Its data kept (the generation it names is the one seen before): the hits this process
   * admitted in PostgreSQL meanwhile are added. Its data lost (no generation: restarted without
   * persistence, flushed): one process, the first to claim the new generation, loads every hit
   * still in its window from PostgreSQL, the others wait for it and add only what they admitted
   * since. Meanwhile every decision goes to PostgreSQL.
   */
  private async resync() {
    if (this.isSyncing) return;
    this.isSyncing = true;
    const duringOutage = this.replay;
    this.replay = [];
    const client = this.redis.redis;
    let keepOutage = true;
    try {
      for (;;) {
        const marker = await client.get(this.redis.generationKey);
        if (marker === null) {
          const generation = randomBytes(8).toString('hex');
          const claimed = await client.set(
            this.redis.generationKey,
            `${REBUILDING}${generation}`,
            'PX',
            REBUILD_CLAIM_MS,
            'NX',
          );
          if (!claimed) continue;
          keepOutage = false;
          await this.rebuildFromDatabase(generation);
          await client.set(this.redis.generationKey, generation);
          this.generation = generation;
          break;
        }
        if (marker.startsWith(REBUILDING)) {
          keepOutage = false;
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        if (this.generation !== undefined && marker !== this.generation) keepOutage = false;
        this.generation = marker;
        break;
      }
      if (keepOutage) this.replay.unshift(...duringOutage);
      keepOutage = false;
      for (const key of [...this.clearInRedis]) {
        await this.redis.clear(key);
        this.clearInRedis.delete(key);
      }
      while (this.replay.length > 0) {
        const batch = this.replay.splice(0, 1000);
        const nowMs = this.nowMs();
        const live = batch.filter((hit) => hit.atMs + hit.windowMs > nowMs);
        try {
          if (live.length) await this.redis.addHits(live);
        } catch (error) {
          this.replay.unshift(...batch);
          throw error;
        }
      }
    } catch (error) {
      // Tried again at the next connection; the hits are kept until then.
      if (keepOutage) this.replay.unshift(...duringOutage);
      this.link.failed(client, error);
      if (RedisLink.isUsable(client)) client.disconnect(true);
    } finally {
      this.isSyncing = false;
    }
  }

  /** Loads every hit still in its window from PostgreSQL into an empty Redis, page by page. */
  private async rebuildFromDatabase(generation: string) {
    const nowMs = this.nowMs();
    let after: [string, string] = ['', '-1'];
    for (;;) {
      const rows = await this.db.query<{
        key: string;
        second: string;
        hits: number;
        expires_at: string;
      }>(
        `select key, second::text, hits, expires_at::text from rate_limit_hits
          where expires_at > $1 and (key, second) > ($2, $3::bigint)
          order by key, second limit ${REBUILD_PAGE}`,
        [nowMs, after[0], after[1]],
      );
      const hits: Hit[] = [];
      for (const row of rows) {
        const atMs = Number(row.second) * 1000 + 999;
        const windowMs = Math.max(1, Number(row.expires_at) - atMs);
        for (let hit = 0; hit < row.hits; hit++) hits.push({ key: row.key, windowMs, atMs });
      }
      if (hits.length) await this.redis.addHits(hits);
      if (rows.length < REBUILD_PAGE) return;
      const last = rows.at(-1)!;
      after = [last.key, last.second];
      // Still rebuilding: the claim is kept while pages are loaded.
      await this.redis.redis.set(
        this.redis.generationKey,
        `${REBUILDING}${generation}`,
        'PX',
        REBUILD_CLAIM_MS,
      );
    }
  }
}
