import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { RedisLink } from '../redis-link.ts';
import type { DatabaseRateLimitStore } from './database-store.ts';
import { HitBuckets } from './hit-buckets.ts';
import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';
import { addDatabaseHits, newestDatabaseHit } from './redis-catch-up.ts';
import type { RedisRateLimitStore } from './redis-store.ts';

const NOT_ANSWERED = Symbol('Redis did not answer');

const SWEEP_EVERY_MS = 60_000;
/**
 * How far back a catch-up reads again: a hit PostgreSQL admitted is committed a moment after the
 * time it is marked with, so one read just before that commit is caught by the next catch-up.
 */
const COMMIT_MARGIN_MS = 5_000;
const REBUILDING = 'rebuilding:';
const REBUILD_CLAIM_MS = 30_000;

/**
 * The rate limits of a deployment with REDIS_URL: counted in Redis while it answers, in
 * PostgreSQL (`DatabaseRateLimitStore`, shared by every process too) when it does not, so a limit
 * never becomes per process and a Redis failure never fails the call.
 *
 * The two counts follow each other. The hits Redis admits are written behind to PostgreSQL every
 * second (`flush`), so a fallback continues the windows where they were (less at most the last
 * second). The hits PostgreSQL admits are marked there, whichever process counted them, and Redis
 * is brought up to date with all of them before this process decides there again: when its
 * connection is made again, when it counted in PostgreSQL itself meanwhile (a stall that timed a
 * call out without dropping the connection), and every second when another process has (one whose
 * connection is still being made again while Redis answers this one).
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
  /** Keys cleared while Redis did not answer, to be cleared there too. */
  private clearInRedis = new Set<string>();
  private lastSweepMs = 0;
  /** Redis may lack hits PostgreSQL admitted: it is brought up to date before it decides here. */
  private isBehind = true;
  /** PostgreSQL's time of the newest hit it admitted that this process has added to Redis. */
  private caughtUpTo = 0;
  /** Bringing Redis up to date; in its first part decisions go to PostgreSQL, then they wait. */
  private sync: Promise<boolean> | undefined;
  private syncPart: 'bulk' | 'rest' | undefined;

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
    this.redis.redis.on('ready', () => {
      this.isBehind = true;
      void this.bringUpToDate();
    });
  }

  async consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    const answer = await this.viaRedis(() => this.redis.consume(windows, nowMs));
    if (answer !== NOT_ANSWERED) {
      if (answer.allowed) for (const w of windows) this.mirror.note(w.key, w.windowMs, nowMs);
      return answer;
    }
    const result = await this.database.consume(windows, nowMs);
    // Once committed: a catch-up that read before it is followed by another.
    this.isBehind = true;
    return result;
  }

  async record(key: string, windowMs: number, nowMs: number) {
    const answer = await this.viaRedis(() => this.redis.record(key, windowMs, nowMs));
    if (answer !== NOT_ANSWERED) {
      this.mirror.note(key, windowMs, nowMs);
      return;
    }
    await this.database.record(key, windowMs, nowMs);
    this.isBehind = true;
  }

  async count(key: string, windowMs: number, nowMs: number) {
    const answer = await this.viaRedis(() => this.redis.count(key, windowMs, nowMs));
    return answer !== NOT_ANSWERED ? answer : this.database.count(key, windowMs, nowMs);
  }

  async clear(key: string) {
    this.mirror.delete(key);
    const answer = await this.viaRedis(() => this.redis.clear(key));
    // Counting in PostgreSQL now: cleared there at once (and in Redis when it answers again);
    // otherwise in PostgreSQL with the next flush.
    if (answer === NOT_ANSWERED) {
      this.clearInRedis.add(key);
      this.isBehind = true;
      await this.database.clear(key);
    } else this.cleared.add(key);
  }

  /**
   * Writes the hits Redis admitted since the last flush (every second; kept on failure), and adds
   * to Redis those another process counted in PostgreSQL since this one last looked.
   */
  async flush() {
    await this.writeBehind();
    if (this.sync || !RedisLink.isUsable(this.redis.redis)) return;
    if (!this.isBehind && (await newestDatabaseHit(this.db)) <= this.caughtUpTo) return;
    void this.bringUpToDate();
  }

  private async writeBehind() {
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
      await this.writeBehind();
    } finally {
      await this.redis.close();
    }
  }

  private async viaRedis<T>(run: () => Promise<T>): Promise<T | typeof NOT_ANSWERED> {
    if (!RedisLink.isUsable(this.redis.redis)) return NOT_ANSWERED;
    if (this.isBehind && !this.sync) void this.bringUpToDate();
    if (this.sync) {
      if (this.syncPart === 'bulk' || !(await this.sync)) return NOT_ANSWERED;
      if (this.isBehind || !RedisLink.isUsable(this.redis.redis)) return NOT_ANSWERED;
    }
    try {
      return await run();
    } catch (error) {
      this.link.failed(this.redis.redis, error);
      return NOT_ANSWERED;
    }
  }

  /** Starts bringing Redis up to date (or joins the run under way); resolves whether it was. */
  private bringUpToDate(): Promise<boolean> {
    this.sync ??= this.catchUp().finally(() => {
      this.sync = undefined;
      this.syncPart = undefined;
    });
    return this.sync;
  }

  /**
   * Brings Redis up to date with every hit PostgreSQL admitted, whoever counted it. Its data lost
   * (no generation: restarted without persistence, flushed): one process, the first to claim the
   * new generation, loads every hit still in its window from PostgreSQL, the others wait for it.
   * Its data kept: the hits PostgreSQL admitted since this process last looked are added (again,
   * for some: each is counted once). Meanwhile decisions go to PostgreSQL; the last short pass
   * (what PostgreSQL admitted during the first) they wait for, so none is decided in between.
   */
  private async catchUp(): Promise<boolean> {
    const client = this.redis.redis;
    this.syncPart = 'bulk';
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
          // Still rebuilding: the claim is kept while pages are loaded.
          const keepClaim = () =>
            client.set(
              this.redis.generationKey,
              `${REBUILDING}${generation}`,
              'PX',
              REBUILD_CLAIM_MS,
            );
          const newest = await addDatabaseHits(this.db, this.redis, {
            nowMs: this.nowMs(),
            onPage: keepClaim,
          });
          this.caughtUpTo = Math.max(this.caughtUpTo, newest);
          await client.set(this.redis.generationKey, generation);
          break;
        }
        if (marker.startsWith(REBUILDING)) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        break;
      }
      for (const key of [...this.clearInRedis]) {
        await this.redis.clear(key);
        this.clearInRedis.delete(key);
      }
      await this.addNewDatabaseHits();
      this.syncPart = 'rest';
      this.isBehind = false;
      await this.addNewDatabaseHits();
      return true;
    } catch (error) {
      // Tried again at the next connection (or decision).
      this.isBehind = true;
      this.link.failed(client, error);
      if (RedisLink.isUsable(client)) client.disconnect(true);
      return false;
    }
  }

  private async addNewDatabaseHits() {
    const newest = await addDatabaseHits(this.db, this.redis, {
      nowMs: this.nowMs(),
      since: Math.max(0, this.caughtUpTo - COMMIT_MARGIN_MS),
    });
    this.caughtUpTo = Math.max(this.caughtUpTo, newest);
  }
}
