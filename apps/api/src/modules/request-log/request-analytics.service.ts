import type { AnalyticsDay, KeyMode, SecurityAnalytics } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { addHistograms, emptyHistogram, estimateQuantile } from './latency-histogram.ts';

/** A calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface Bucket {
  requests: number;
  outcomes: Record<string, number>;
  histogram: number[];
}

const emptyBucket = (): Bucket => ({ requests: 0, outcomes: {}, histogram: emptyHistogram() });

function summarise(bucket: Bucket): Omit<AnalyticsDay, 'date'> {
  return {
    requests: bucket.requests,
    outcomes: bucket.outcomes,
    p50_ms: estimateQuantile(bucket.histogram, 0.5),
    p99_ms: estimateQuantile(bucket.histogram, 0.99),
  };
}

/**
 * Requests per day by outcome with p50/p99 latency over the last `days` days of the
 * organisation's calendar (today included), read from the daily roll-up the request log's
 * writer maintains: a few rows per key and day, never the raw log.
 */
export async function getSecurityAnalytics(
  ctx: AppContext,
  organization: { id: string; time_zone: string },
  query: { days: number; mode: KeyMode; api_key_id?: string },
): Promise<SecurityAnalytics> {
  const to = dayIn(ctx.clock.now(), organization.time_zone);
  const from = addDays(to, 1 - query.days);
  const p = new SqlParams();
  const where = [
    `organization_id = ${p.add(organization.id, 'uuid')}`,
    `day between ${p.add(from, 'date')} and ${p.add(to, 'date')}`,
    `is_test = ${p.add(query.mode === 'test', 'boolean')}`,
  ];
  if (query.api_key_id) where.push(`api_key_id = ${p.add(query.api_key_id, 'uuid')}`);
  const rows = await ctx.db.query<{
    day: string;
    outcome: string;
    requests: number;
    latency_histogram: Array<string | number>;
  }>(
    `select to_char(day, 'YYYY-MM-DD') as day, outcome, requests, latency_histogram
       from request_daily where ${where.join(' and ')}`,
    p.values,
  );
  const byDay = new Map<string, Bucket>();
  const total = emptyBucket();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? emptyBucket();
    byDay.set(row.day, day);
    const histogram = row.latency_histogram.map(Number);
    for (const bucket of [day, total]) {
      bucket.requests += row.requests;
      bucket.outcomes[row.outcome] = (bucket.outcomes[row.outcome] ?? 0) + row.requests;
      addHistograms(bucket.histogram, histogram);
    }
  }
  const series: AnalyticsDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    series.push({ date, ...summarise(byDay.get(date) ?? emptyBucket()) });
  }
  return {
    days: query.days,
    time_zone: organization.time_zone,
    from,
    to,
    series,
    totals: summarise(total),
  };
}
