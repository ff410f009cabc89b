import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';

const MAX_KEYS = 100_000;
/** Hits that left the window are cut off the front of a log once they are this many and half of it. */
const COMPACT_AFTER = 1024;

/**
 * One key's hits, oldest first. Hits leave from the front by moving `head`, not by copying the
 * log: a key of a high limit holds tens of thousands of hits, and copying them on each call cost
 * 5 % of the server's CPU on generate (bench/README.md).
 */
class HitLog {
  times: number[] = [];
  head = 0;

  get size() {
    return this.times.length - this.head;
  }

  get oldest(): number | undefined {
    return this.times[this.head];
  }

  dropUntil(cutoff: number) {
    const { times } = this;
    while (this.head < times.length && times[this.head]! <= cutoff) this.head++;
    if (this.head >= COMPACT_AFTER && this.head * 2 >= times.length) {
      times.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** Sliding-window log in process memory: exact, bounded by the limits it enforces. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, HitLog>();

  private live(key: string, windowMs: number, nowMs: number): HitLog | undefined {
    const log = this.hits.get(key);
    if (!log) return undefined;
    log.dropUntil(nowMs - windowMs);
    if (log.size > 0) return log;
    this.hits.delete(key);
    return undefined;
  }

  private push(key: string, nowMs: number) {
    const log = this.hits.get(key);
    if (log) log.times.push(nowMs);
    else {
      if (this.hits.size >= MAX_KEYS) this.hits.delete(this.hits.keys().next().value!);
      const created = new HitLog();
      created.times.push(nowMs);
      this.hits.set(key, created);
    }
  }

  async consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    let allowed = true;
    for (const window of windows) {
      const count = this.live(window.key, window.windowMs, nowMs)?.size ?? 0;
      if (count >= window.limit) allowed = false;
    }
    if (allowed) for (const window of windows) this.push(window.key, nowMs);
    return {
      allowed,
      states: windows.map((window) => {
        const log = this.hits.get(window.key);
        const oldest = log?.oldest;
        return {
          window,
          count: log?.size ?? 0,
          resetMs: oldest === undefined ? 0 : Math.max(0, oldest + window.windowMs - nowMs),
        };
      }),
    };
  }

  async record(key: string, windowMs: number, nowMs: number) {
    this.live(key, windowMs, nowMs);
    this.push(key, nowMs);
  }

  async count(key: string, windowMs: number, nowMs: number) {
    return this.live(key, windowMs, nowMs)?.size ?? 0;
  }

  async clear(key: string) {
    this.hits.delete(key);
  }

  async close() {}
}
