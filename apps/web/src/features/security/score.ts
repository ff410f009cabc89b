export type UsageLevel = 'high' | 'medium' | 'low';

/** Colour band of a usage bar (spec section 9): red from 90 %, yellow from 70 %, else green. */
export function usageLevel(used: number, limit: number): UsageLevel {
  const percent = limit > 0 ? (used / limit) * 100 : 0;
  if (percent >= 90) return 'high';
  if (percent >= 70) return 'medium';
  return 'low';
}
