import { nextUtcMidnight } from '../../db/quarter-hours.ts';

/**
 * Reading the usage roll-ups (0041_usage_rollups.sql), which billing.service.ts writes with every
 * billed call: the console's figures cost a few rows per key and period, however many calls
 * an organisation makes.
 */

/**
 * The SQL of a row source `(api_key_id, calls, cost_millis)` covering the organisation's calls
 * from `from` on: the quarter hours up to the next UTC midnight, then whole UTC days. `from` must
 * be a quarter-hour boundary (the start of a day or month in any time zone in use is one);
 * `nextMidnight` is nextUtcMidnight(from). All three are SQL expressions.
 */
export function usageSinceSql(organization: string, from: string, nextMidnight: string): string {
  return `(select api_key_id, calls, cost_millis from usage_quarter_hours
            where organization_id = ${organization} and starts_at >= ${from} and starts_at < ${nextMidnight}
           union all
           select api_key_id, calls, cost_millis from usage_days
            where organization_id = ${organization} and day >= (${nextMidnight} at time zone 'UTC')::date)`;
}

/** The two parameters `usageSinceSql` needs for a period that starts at `from`. */
export const usageSinceParams = (from: Date) => [from, nextUtcMidnight(from)];

/**
 * The SQL of the cost of the organisation's calls strictly after the instant `after` (an SQL
 * expression; null: all calls). Usage rows are read for the quarter hour `after` falls in only;
 * the retention sweep keeps them (usage-retention.ts).
 */
export function costAfterSql(organization: string, after: string): string {
  const quarterEnd = `(date_bin('15 minutes', ${after}, timestamptz '2000-01-01 00:00:00+00') + interval '15 minutes')`;
  const nextMidnight = `(case when date_trunc('day', ${quarterEnd}, 'UTC') = ${quarterEnd} then ${quarterEnd}
                         else date_trunc('day', ${quarterEnd}, 'UTC') + interval '24 hours' end)`;
  return `(case when ${after} is null
             then (select coalesce(sum(cost_millis), 0) from usage_days where organization_id = ${organization})
             else (select coalesce(sum(cost_millis), 0) from usage_logs
                    where organization_id = ${organization} and created_at > ${after} and created_at < ${quarterEnd})
                + (select coalesce(sum(cost_millis), 0)
                     from ${usageSinceSql(organization, quarterEnd, nextMidnight)} since)
           end)`;
}
