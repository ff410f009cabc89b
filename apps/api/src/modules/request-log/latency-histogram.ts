/**
 * Latency as a histogram over fixed buckets, so the daily roll-up can add up histograms of any
 * keys, outcomes and days and still estimate p50 and p99. Bucket `i` holds latencies up to
 * 2^((i - 4) / 2) ms (0.25 ms, 0.35, 0.5, 0.7, 1, 1.4, 2, ... 32.8 s), the last one everything
 * slower: an estimate is within about 20 % of the true quantile.
 */
const SMALLEST_BOUND_EXPONENT = -4;
export const LATENCY_BUCKETS = 36;

const upperBound = (bucket: number) => 2 ** ((bucket + SMALLEST_BOUND_EXPONENT) / 2);

export function latencyBucket(ms: number): number {
  if (!(ms > upperBound(0))) return 0;
  const bucket = Math.ceil(2 * Math.log2(ms)) - SMALLEST_BOUND_EXPONENT;
  return Math.min(LATENCY_BUCKETS - 1, bucket);
}

export function addHistograms(into: number[], other: readonly number[]) {
  for (let i = 0; i < LATENCY_BUCKETS; i++) into[i] = (into[i] ?? 0) + (other[i] ?? 0);
  return into;
}

export const emptyHistogram = () => new Array<number>(LATENCY_BUCKETS).fill(0);

/** The `q` quantile (0..1), interpolated within its bucket, in ms with one decimal; null when empty. */
export function estimateQuantile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let below = 0;
  for (let bucket = 0; bucket < LATENCY_BUCKETS; bucket++) {
    const count = histogram[bucket] ?? 0;
    if (below + count >= rank) {
      const lower = bucket === 0 ? 0 : upperBound(bucket - 1);
      // The last bucket has no upper bound: its lower bound is the most that can be said.
      const upper = bucket === LATENCY_BUCKETS - 1 ? lower : upperBound(bucket);
      const estimate = lower + ((upper - lower) * (rank - below)) / count;
      return Math.round(estimate * 10) / 10;
    }
    below += count;
  }
  return null;
}
