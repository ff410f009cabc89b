import { describe, expect, it } from 'vitest';
import {
  addHistograms,
  emptyHistogram,
  estimateQuantile,
  LATENCY_BUCKETS,
  latencyBucket,
} from './latency-histogram.ts';

function histogramOf(latencies: number[]) {
  const histogram = emptyHistogram();
  for (const ms of latencies) histogram[latencyBucket(ms)]! += 1;
  return histogram;
}

describe('latency histogram', () => {
  it('puts each latency in the bucket whose bound is the next power of √2', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(0.25)).toBe(0);
    expect(latencyBucket(1)).toBe(4);
    expect(latencyBucket(1.2)).toBe(5);
    expect(latencyBucket(20)).toBe(13);
    expect(latencyBucket(10 * 60_000)).toBe(LATENCY_BUCKETS - 1);
  });

  it('estimates p50 and p99 within 20 % of the exact quantiles, also after adding histograms', () => {
    const fast = Array.from({ length: 900 }, (_, i) => 5 + (i % 30));
    const slow = Array.from({ length: 100 }, (_, i) => 200 + i * 3);
    const merged = addHistograms(histogramOf(fast), histogramOf(slow));
    const sorted = [...fast, ...slow].sort((a, b) => a - b);
    const exact = (q: number) => sorted[Math.ceil(q * sorted.length) - 1]!;
    for (const q of [0.5, 0.99]) {
      const estimate = estimateQuantile(merged, q)!;
      expect(Math.abs(estimate - exact(q)) / exact(q)).toBeLessThan(0.2);
    }
    expect(estimateQuantile(emptyHistogram(), 0.5)).toBeNull();
  });
});
