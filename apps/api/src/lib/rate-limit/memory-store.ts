import type { ConsumeResult, RateLimitStore, RateWindow } from './rate-limit-store.ts';

const MAX_KEYS = 100_000;

/** Sliding-window log in process memory: exact, bounded by the limits it enforces. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, number[]>();

  private live(key: string, windowMs: number, nowMs: number): number[] {
    const list = this.hits.get(key) ?? [];
    const cutoff = nowMs - windowMs;
    let start = 0;
    while (start < list.length && list[start]! <= cutoff) start++;
    const kept = start ? list.slice(start) : list;
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  private push(key: string, nowMs: number) {
    const list = this.hits.get(key);
    if (list) list.push(nowMs);
    else {
      if (this.hits.size >= MAX_KEYS) this.hits.delete(this.hits.keys().next().value!);
      this.hits.set(key, [nowMs]);
    }
  }

  async consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult> {
    const lists = windows.map((window) => this.live(window.key, window.windowMs, nowMs));
    const allowed = windows.every((window, index) => lists[index]!.length < window.limit);
    if (allowed) for (const window of windows) this.push(window.key, nowMs);
    return {
      allowed,
      states: windows.map((window) => {
        const list = this.hits.get(window.key) ?? [];
        const oldest = list[0];
        return {
          window,
          count: list.length,
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
    return this.live(key, windowMs, nowMs).length;
  }

  async clear(key: string) {
    this.hits.delete(key);
  }

  async close() {}
}
