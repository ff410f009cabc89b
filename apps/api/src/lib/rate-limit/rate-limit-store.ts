/** One sliding window: at most `limit` hits under `key` in the last `windowMs`. */
export interface RateWindow {
  key: string;
  limit: number;
  windowMs: number;
}

export interface WindowState {
  window: RateWindow;
  /** Hits in the window after this call. */
  count: number;
  /** Milliseconds until the oldest hit leaves the window (when the next slot frees up). */
  resetMs: number;
}

export interface ConsumeResult {
  allowed: boolean;
  states: WindowState[];
}

/**
 * Sliding-window counters with a memory implementation (one process) and a Redis one
 * (several processes). `consume` is all-or-nothing: a hit is recorded in every window or none.
 */
export interface RateLimitStore {
  consume(windows: RateWindow[], nowMs: number): Promise<ConsumeResult>;
  /** Records one hit without any limit (failure counters). */
  record(key: string, windowMs: number, nowMs: number): Promise<void>;
  count(key: string, windowMs: number, nowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
