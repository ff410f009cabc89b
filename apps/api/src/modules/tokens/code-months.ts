import type { AppContext } from '../../app-context.ts';
import { ensureMonthPartitions, type MonthPartitioned } from '../../db/month-partitions.ts';

/**
 * The codes, a partition per UTC month of `created_at` (migration 0123). No month is dropped: a
 * used, expired or revoked code keeps nothing readable, and the person's history and the issued
 * codes list show it (docs/capacity.md).
 */
export const CODE_PARTITIONS: MonthPartitioned = { table: 'tokens' };

/** The hourly job: each month its partition, two months ahead, moving rows out of the default. */
export function registerCodeMonths(ctx: AppContext) {
  ctx.jobs.register({
    name: 'code months',
    everyMs: 60 * 60_000,
    run: () => ensureMonthPartitions(ctx.db, CODE_PARTITIONS, ctx.clock.now()),
  });
}
