import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';

// Sliding-window log in sorted sets, checked and recorded atomically for every window at once.
const CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local counts = {}
local allowed = 1
for i = 1, #KEYS do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  counts[i] = redis.call('ZCARD', KEYS[i])
  if counts[i] >= limit then allowed = 0 end
end
local result = { allowed }
for i = 1, #KEYS do
  local window = tonumber(ARGV[2 + 2 * i])
  if allowed == 1 then
    redis.call('ZADD', KEYS[i], now, member)
    redis.call('PEXPIRE', KEYS[i], window)
    counts[i] = counts[i] + 1
  end
  local oldest = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
  local reset = 0
  if oldest[2] then reset = tonumber(oldest[2]) + window - now end
  table.insert(result, counts[i])
  table.insert(result, reset)
end
return result
`;

/** The rate-limit store shared by several API processes (REDIS_URL), on a connection it owns. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly redis: Redis;

  private readonly prefix: string;

  constructor(redis: Redis, prefix: string = 'tanqin:') {
    this.prefix = prefix;
    this.redis = redis;
  }

  /** Names the generation of the counters (`failover-store.ts`): gone when Redis lost its data. */
  get generationKey() {
    return `${this.prefix}generation`;
  }

  private member(nowMs: number) {
    return `${nowMs}-${randomBytes(6).toString('hex')}`;
  }

  async consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    const reply = (await this.redis.eval(
      CONSUME_SCRIPT,
      windows.length,
      ...windows.map((w) => this.prefix + w.key),
      nowMs,
      this.member(nowMs),
      ...windows.flatMap((w) => [w.limit, w.windowMs]),
    )) as number[];
    return {
      allowed: reply[0] === 1,
      states: windows.map((window, i) => ({
        window,
        count: Number(reply[1 + 2 * i]),
        resetMs: Math.max(0, Number(reply[2 + 2 * i])),
      })),
    };
  }

  async record(key: string, windowMs: number, nowMs: number) {
    await this.redis
      .multi()
      .zadd(this.prefix + key, nowMs, this.member(nowMs))
      .pexpire(this.prefix + key, windowMs)
      .exec();
  }

  async count(key: string, windowMs: number, nowMs: number) {
    const [, card] = (await this.redis
      .multi()
      .zremrangebyscore(this.prefix + key, '-inf', nowMs - windowMs)
      .zcard(this.prefix + key)
      .exec()) as [unknown, [Error | null, number]][];
    return Number(card![1]);
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }

  /**
   * Adds hits counted elsewhere (in PostgreSQL), each at its time. A hit with a `member` of its
   * own is counted once however often it is added (`failover-store.ts` adds them again freely).
   */
  async addHits(hits: Array<{ key: string; windowMs: number; atMs: number; member?: string }>) {
    const batch = this.redis.multi();
    for (const hit of hits) {
      batch
        .zadd(this.prefix + hit.key, hit.atMs, hit.member ?? this.member(hit.atMs))
        .pexpire(this.prefix + hit.key, hit.windowMs);
    }
    await batch.exec();
  }

  async close() {
    await this.redis.quit().catch(() => {});
  }
}
