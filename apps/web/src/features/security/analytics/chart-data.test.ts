import type { AnalyticsDay } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { dayByBand, niceCeiling, outcomeBands } from './chart-data.ts';

const day = (date: string, outcomes: Record<string, number>): AnalyticsDay => ({
  date,
  outcomes,
  requests: Object.values(outcomes).reduce((a, b) => a + b, 0),
  p50_ms: null,
  p99_ms: null,
});

describe('requests chart data', () => {
  it('bands admitted calls first, then the four most frequent refusals, then the rest together', () => {
    const series = [
      day('2026-11-23', { success: 40, rate_limited: 9, ip_not_allowed: 1, key_expired: 2 }),
      day('2026-11-24', { success: 10, invalid_api_key: 5, token_used: 3, token_expired: 1 }),
    ];
    const bands = outcomeBands(series);
    expect(bands).toEqual([
      'success',
      'rate_limited',
      'invalid_api_key',
      'token_used',
      'key_expired',
      'other',
    ]);
    // ip_not_allowed and token_expired fall in "other"; every call is counted once.
    expect(dayByBand(series[0]!, bands)).toEqual([40, 9, 0, 0, 2, 1]);
    expect(dayByBand(series[1]!, bands)).toEqual([10, 0, 5, 3, 0, 1]);
  });

  it('has no "other" band when every refusal has its own', () => {
    expect(outcomeBands([day('2026-11-24', { success: 1, rate_limited: 1 })])).toEqual([
      'success',
      'rate_limited',
    ]);
    expect(outcomeBands([day('2026-11-24', {})])).toEqual(['success']);
  });

  it('rounds an axis top up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 201, 5000].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 10, 20, 200, 500, 5000,
    ]);
  });
});
