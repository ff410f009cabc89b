import {
  CALL_LOG_DAY_LIMIT,
  CALL_LOG_ROW_LIMIT,
  type DailyUsageSummaryItem,
  type WalletSummary,
  type WalletUsage,
  type WalletUsageDay,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Organization } from '../organizations/organizations.service.ts';
import { millisToRiyal, riyalToMillis } from './billing.service.ts';
import {
  addDays,
  formatLocalDate,
  localDateAt,
  startOfLocalDay,
  startOfPeriod,
} from './periods.ts';

type WalletOrganization = Pick<Organization, 'id' | 'time_zone'>;

/**
 * The wallet's figures in one statement. The unpaid balance is the usage after the last payment
 * (see 0002_token_core.sql), so no billed call ever waits on a shared balance row. Every usage
 * row of an organisation is later than its sign-up, so "since subscription start" is all of them.
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
         from wallet_payments where organization_id = $1),
     used as (
       select count(*)::int as total_calls,
              count(*) filter (where u.created_at >= $2)::int as calls_this_month,
              count(*) filter (where u.created_at >= $3)::int as calls_today,
              coalesce(sum(u.cost_millis) filter (
                where u.created_at > coalesce((select last_paid_at from paid), '-infinity')), 0)::bigint
                as unpaid_millis
         from usage_logs u where u.organization_id = $1)
     select * from paid, used`,
    [
      organization.id,
      startOfPeriod(now, 'month', organization.time_zone),
      startOfPeriod(now, 'day', organization.time_zone),
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

const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The call log (spec section 9): the newest usage rows grouped by UTC day, newest first, at most
 * so many days. Each day also carries its full totals, which may cover more calls than are listed.
 */
export async function getCallLog(ctx: AppContext, organizationId: string): Promise<WalletUsage> {
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
    [organizationId, CALL_LOG_ROW_LIMIT],
  );
  const days: WalletUsageDay[] = [];
  for (const row of rows) {
    const createdAt = new Date(row.created_at);
    const date = utcDate(createdAt);
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
  if (days.length === 0) return { days };

  const oldest = days.at(-1)!.date;
  const newest = days[0]!.date;
  const totals = await ctx.db.query<{ date: string; calls: number; cost_millis: number }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date,
            count(*)::int as calls, sum(cost_millis)::bigint as cost_millis
       from usage_logs
      where organization_id = $1 and created_at >= $2 and created_at < $3
      group by 1`,
    [
      organizationId,
      new Date(`${oldest}T00:00:00.000Z`),
      new Date(Date.parse(`${newest}T00:00:00.000Z`) + 24 * 60 * 60 * 1000),
    ],
  );
  const totalsByDate = new Map(totals.map((total) => [total.date, total]));
  for (const day of days) {
    const total = totalsByDate.get(day.date);
    day.calls = total?.calls ?? day.entries.length;
    day.cost = millisToRiyal(total?.cost_millis ?? 0);
  }
  return { days };
}

/**
 * Calls and cost per day of the organisation's calendar for the last `days` days (today
 * included), oldest first, days without calls included, for the wallet's chart. The day
 * boundaries come from Intl in the organisation's time zone, so they match "calls today".
 */
export async function getDailySummary(
  ctx: AppContext,
  organization: WalletOrganization,
  days: number,
): Promise<DailyUsageSummaryItem[]> {
  const today = localDateAt(ctx.clock.now(), organization.time_zone);
  const dates = Array.from({ length: days + 1 }, (_, index) => addDays(today, index - days + 1));
  const rows = await ctx.db.query<{
    date: string;
    calls: number;
    cost_millis: number;
    unpaid_calls: number;
  }>(
    `with bounds as (
       select b.date, b.starts_at, lead(b.starts_at) over (order by b.starts_at) as ends_at
         from unnest($2::text[], $3::timestamptz[]) as b(date, starts_at)),
     paid as (select max(paid_at) as last_paid_at from wallet_payments where organization_id = $1)
     select b.date, count(u.id)::int as calls, coalesce(sum(u.cost_millis), 0)::bigint as cost_millis,
            count(u.id) filter (where u.created_at > coalesce(p.last_paid_at, '-infinity'))::int
              as unpaid_calls
       from bounds b
       cross join paid p
       left join usage_logs u
         on u.organization_id = $1 and u.created_at >= b.starts_at and u.created_at < b.ends_at
      where b.ends_at is not null
      group by b.date, b.starts_at
      order by b.starts_at`,
    [
      organization.id,
      dates.map(formatLocalDate),
      dates.map((date) => startOfLocalDay(date, organization.time_zone).toISOString()),
    ],
  );
  return rows.map((row) => ({
    id: row.date,
    date: row.date,
    calls: row.calls,
    cost: millisToRiyal(row.cost_millis),
    status: row.calls > 0 && row.unpaid_calls === 0 ? 'paid' : 'unpaid',
  }));
}
