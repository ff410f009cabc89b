import { type AnalyticsDay, SUCCESS_OUTCOME } from '@tanqin/shared';

/** How many refusal reasons get their own colour; the rest share one "other refusals" band. */
export const NAMED_REFUSALS = 4;
export const OTHER_REFUSALS = 'other';

/**
 * The bands of the requests chart, bottom to top: admitted calls, then the most frequent refusal
 * reasons over the whole span, then every other refusal together.
 */
export function outcomeBands(series: AnalyticsDay[]): string[] {
  const totals = new Map<string, number>();
  for (const day of series) {
    for (const [outcome, count] of Object.entries(day.outcomes)) {
      if (outcome !== SUCCESS_OUTCOME) totals.set(outcome, (totals.get(outcome) ?? 0) + count);
    }
  }
  const refusals = [...totals.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([outcome]) => outcome);
  const named = refusals.slice(0, NAMED_REFUSALS);
  return [SUCCESS_OUTCOME, ...named, ...(refusals.length > NAMED_REFUSALS ? [OTHER_REFUSALS] : [])];
}

/** A day's calls per band (the bands of `outcomeBands`). */
export function dayByBand(day: AnalyticsDay, bands: string[]): number[] {
  const named = new Set(bands);
  return bands.map((band) =>
    band === OTHER_REFUSALS
      ? Object.entries(day.outcomes)
          .filter(([outcome]) => !named.has(outcome))
          .reduce((sum, [, count]) => sum + count, 0)
      : (day.outcomes[band] ?? 0),
  );
}

/** A round top for an axis at or above `value`: 1, 2 or 5 times a power of ten (at least 1). */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}
