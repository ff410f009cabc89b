import {
  CALL_LOG_DAY_LIMIT,
  CALL_LOG_ROW_LIMIT,
  type DailyUsageSummaryItem,
  type WalletSummary,
  type WalletUsage,
  type WalletUsageDay,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Organization } from '../organizations/index.ts';
import { millisToRiyal, riyalToMillis } from './billing.service.ts';
import { type LocalDate, localDateAt, startOfPeriod } from './periods.ts';
import { costAfterSql, usageSinceParams, usageSinceSql } from './usage-rollups.ts';

type WalletOrganization = Pick<Organization, 'id' | 'time_zone'>;

/**
 * The wallet's figures in one statement, from the usage roll-ups. The unpaid balance is the usage
 * after the last payment (see 0002_token_core.sql), so no billed call ever waits on a shared
 * balance row. Every usage row of an organisation is later than its sign-up, so "since
 * subscription start" is all of them.
 */
export async function getWalletSummary(
  ctx: AppContext,
  organization: WalletOrganization,
): Promise<WalletSummary> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{
    total_paid_millis: number;
    last_paid_at: Date | null;
    unpaid_millis: number;
    total_calls: number;
    calls_this_month: number;
    calls_today: number;
  }>(
    `with paid as (
       select coalesce(sum(amount_millis), 0)::bigint as total_paid_millis, max(paid_at) as last_paid_at
         from wallet_payments where organization_id = $1)
     select paid.*,
            ${costAfterSql('$1', 'paid.last_paid_at')}::bigint as unpaid_millis,
            (select coalesce(sum(calls), 0) from usage_days where organization_id = $1)::bigint
              as total_calls,
            (select coalesce(sum(calls), 0) from ${usageSinceSql('$1', '$2::timestamptz', '$3::timestamptz')} m)::bigint
              as calls_this_month,
            (select coalesce(sum(calls), 0) from ${usageSinceSql('$1', '$4::timestamptz', '$5::timestamptz')} d)::bigint
              as calls_today
       from paid`,
    [
      organization.id,
      ...usageSinceParams(startOfPeriod(now, 'month', organization.time_zone)),
      ...usageSinceParams(startOfPeriod(now, 'day', organization.time_zone)),
    ],
  );
  return {
    current_balance: millisToRiyal(row!.unpaid_millis),
    total_spent: millisToRiyal(row!.total_paid_millis),
    last_payment_date: row!.last_paid_at ? new Date(row!.last_paid_at).toISOString() : null,
    cost_per_call: millisToRiyal(riyalToMillis(ctx.config.pricePerCall)),
    total_calls: row!.total_calls,
    calls_this_month: row!.calls_this_month,
    calls_today: row!.calls_today,
  };
}

const isoDate = ({ year, month, day }: LocalDate) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The call log: the newest usage rows grouped by the organisation's day (its time zone, as the
 * chart, the statements and "today"), newest first, at most so many days. Each day also carries
 * its full totals, which may cover more calls than are listed: read like the chart's days
 * (getDailySummary), so a day shows the same figures in both.
 */
export async function getCallLog(
  ctx: AppContext,
  organization: WalletOrganization,
): Promise<WalletUsage> {
  const timeZone = organization.time_zone;
  const rows = await ctx.db.query<{
    id: string;
    created_at: Date;
    endpoint: string;
    status_code: number;
    cost_millis: number;
  }>(
    `select id, created_at, endpoint, status_code, cost_millis from usage_logs
      where organization_id = $1
      order by created_at desc, id desc
      limit $2`,
    [organization.id, CALL_LOG_ROW_LIMIT],
  );
  const days: WalletUsageDay[] = [];
  for (const row of rows) {
    const createdAt = new Date(row.created_at);
    const date = isoDate(localDateAt(createdAt, timeZone));
    let day = days.at(-1);
    if (day?.date !== date) {
      if (days.length === CALL_LOG_DAY_LIMIT) break;
      day = { date, calls: 0, cost: '0.000', entries: [] };
      days.push(day);
    }
    day.entries.push({
      id: row.id,
      created_at: createdAt.toISOString(),
      endpoint: row.endpoint,
      status: row.status_code,
      cost: millisToRiyal(row.cost_millis),
    });
  }
  if (days.length === 0) return { time_zone: timeZone, days };

  // The days since the zone last changed from its roll-up per local day, the days before (counted
  // in the old zone's days) from the quarter hours.
  const totals = await ctx.db.query<{ date: string; calls: number; cost_millis: number }>(
    `with span as (
       select coalesce((o.time_zone_since at time zone $2)::date + 1, '-infinity'::date) as zone_day
         from organizations o where o.id = $1),
     per_day as (
       select d.day, d.calls, d.cost_millis
         from span, usage_local_days d
        where d.organization_id = $1 and d.time_zone = $2
          and d.day between greatest($3::date, span.zone_day) and $4::date
       union all
       select (q.starts_at at time zone $2)::date, q.calls, q.cost_millis
         from span, usage_quarter_hours q
        where span.zone_day > $3::date and q.organization_id = $1
          and q.starts_at >= ($3::date::timestamp at time zone $2)
          and q.starts_at < (least(span.zone_day, $4::date + 1)::timestamp at time zone $2))
     select to_char(day, 'YYYY-MM-DD') as date, sum(calls)::bigint as calls,
            sum(cost_millis)::bigint as cost_millis
       from per_day
      group by day`,
    [organization.id, timeZone, days.at(-1)!.date, days[0]!.date],
  );
  const totalsByDate = new Map(totals.map((total) => [total.date, total]));
  for (const day of days) {
    const total = totalsByDate.get(day.date);
    day.calls = total?.calls ?? day.entries.length;
    day.cost = millisToRiyal(
      total?.cost_millis ?? day.entries.reduce((sum, entry) => sum + riyalToMillis(entry.cost), 0),
    );
  }
  return { time_zone: timeZone, days };
}

/**
 * Calls and cost per day of the organisation's calendar for the last `days` days (today
 * included), oldest first, days without calls included, for the wallet's chart. Days are read
 * from the roll-up per day of the organisation's time zone (a row per key and day); the days up
 * to a change of zone, whose calls were counted in the old zone's days, from the quarter hours.
 */
export async function getDailySummary(
  ctx: AppContext,
  organization: WalletOrganization,
  days: number,
): Promise<DailyUsageSummaryItem[]> {
  const rows = await ctx.db.query<{
    date: string;
    calls: number;
    cost_millis: number;
    is_paid: boolean;
  }>(
    `with span as (
       select (($3::timestamptz at time zone $2)::date - ($4::int - 1)) as first_day,
              ($3::timestamptz at time zone $2)::date as last_day,
              coalesce((o.time_zone_since at time zone $2)::date + 1, '-infinity'::date) as zone_day,
              (select max(paid_at) from wallet_payments where organization_id = $1) as last_paid_at
         from organizations o where o.id = $1),
     per_day as (
       select d.day, d.calls, d.cost_millis, d.last_at
         from span, usage_local_days d
        where d.organization_id = $1 and d.time_zone = $2
          and d.day between greatest(span.first_day, span.zone_day) and span.last_day
       union all
       select (q.starts_at at time zone $2)::date, q.calls, q.cost_millis, q.last_at
         from span, usage_quarter_hours q
        where span.zone_day > span.first_day and q.organization_id = $1
          and q.starts_at >= (span.first_day::timestamp at time zone $2)
          and q.starts_at < (least(span.zone_day, span.last_day + 1)::timestamp at time zone $2))
     select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(sum(p.calls), 0)::bigint as calls,
            coalesce(sum(p.cost_millis), 0)::bigint as cost_millis,
            coalesce(max(p.last_at) <= max(span.last_paid_at), false) as is_paid
       from span
       cross join generate_series(span.first_day, span.last_day, interval '1 day') as s(day)
       left join per_day p on p.day = s.day
      group by s.day
      order by s.day`,
    [organization.id, organization.time_zone, ctx.clock.now(), days],
  );
  return rows.map((row) => ({
    id: row.date,
    date: row.date,
    calls: row.calls,
    cost: millisToRiyal(row.cost_millis),
    status: row.calls > 0 && row.is_paid ? 'paid' : 'unpaid',
  }));
}
