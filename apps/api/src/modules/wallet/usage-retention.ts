import { DAILY_SUMMARY_MAX_DAYS } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { dropMonthPartitionsBefore, ensureMonthPartitions } from '../../db/month-partitions.ts';
import { quarterSql } from '../../db/quarter-hours.ts';

const DAY_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 5000;
/** Quarter-hour roll-ups serve calendar days in any time zone: as far back as the daily summary reaches. */
const QUARTER_HOURS_KEPT_DAYS = DAILY_SUMMARY_MAX_DAYS + 10;

/** The start of the quarter hour of the organisation's last payment, for `alias`'s organisation. */
const lastPaymentQuarter = (alias: string) =>
  `(select ${quarterSql('max(p.paid_at)')} from wallet_payments p where p.organization_id = ${alias}.organization_id)`;

/**
 * Billed calls, by UTC month (migration 0101). A dropped month keeps the rows of each
 * organisation's last-payment quarter: its unpaid balance is counted from them.
 */
export const USAGE_LOG_PARTITIONS = {
  table: 'usage_logs',
  keep: `${quarterSql('usage_logs.created_at')} is not distinct from ${lastPaymentQuarter('usage_logs')}`,
};

/** Deletes in batches until a batch comes back short; returns how many rows went. */
async function deleteInBatches(ctx: AppContext, sql: string, params: unknown[]) {
  let total = 0;
  for (;;) {
    const [row] = await ctx.db.query<{ deleted: number }>(sql, params);
    total += row!.deleted;
    if (row!.deleted < SWEEP_BATCH) return total;
  }
}

/**
 * Retention of billing data: the months of usage rows whose every row is older than
 * USAGE_LOG_DAYS, dropped whole (and older rows of the default partition, in batches), quarter-hour and
 * local-day roll-ups older than the daily summary reaches, and active-code counts of quarters past. The
 * day roll-ups (every total) stay. Kept whatever their age: the usage rows and the quarter-hour
 * roll-ups of the quarter hour and the UTC day of each organisation's last payment, from which
 * the unpaid balance is counted (usage-rollups.ts costAfterSql).
 */
export async function sweepUsage(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const cutoff = new Date(now - ctx.config.usageLogDays * DAY_MS);
  await dropMonthPartitionsBefore(ctx.db, USAGE_LOG_PARTITIONS, cutoff);
  const usageRows = await deleteInBatches(
    ctx,
    `with gone as (
       delete from usage_logs_default where id in (
         select u.id from usage_logs_default u
          where u.created_at < $1
            and ${quarterSql('u.created_at')} is distinct from ${lastPaymentQuarter('u')}
          limit ${SWEEP_BATCH})
       returning 1)
     select count(*)::int as deleted from gone`,
    [cutoff],
  );
  const quarterHours = await deleteInBatches(
    ctx,
    `with gone as (
       delete from usage_quarter_hours where ctid in (
         select q.ctid from usage_quarter_hours q
          where q.starts_at < $1
            and date_trunc('day', q.starts_at, 'UTC')
                is distinct from date_trunc('day', ${lastPaymentQuarter('q')}, 'UTC')
          limit ${SWEEP_BATCH})
       returning 1)
     select count(*)::int as deleted from gone`,
    [new Date(now - QUARTER_HOURS_KEPT_DAYS * DAY_MS)],
  );
  await ctx.db.query('delete from usage_local_days where day < $1::date', [
    new Date(now - QUARTER_HOURS_KEPT_DAYS * DAY_MS).toISOString().slice(0, 10),
  ]);
  await ctx.db.query('delete from active_code_counts where expires_quarter < $1', [
    new Date(now - DAY_MS),
  ]);
  await ensureMonthPartitions(ctx.db, USAGE_LOG_PARTITIONS, new Date(now));
  return usageRows + quarterHours;
}
