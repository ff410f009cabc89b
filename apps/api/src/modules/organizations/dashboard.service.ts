import type { AppContext } from '../../app-context.ts';
import { countActiveCodes } from '../tokens/index.ts';
import { startOfPeriod } from '../wallet/periods.ts';
import { usageSinceParams, usageSinceSql } from '../wallet/usage-rollups.ts';
import type { Organization } from './organizations.service.ts';

/**
 * The dashboard's three counters, from the roll-ups: codes this organisation issued that can still
 * be used, codes it verified (decrypted), and its billed calls since the start of the month in
 * its own time zone.
 */
export async function getDashboardCounters(ctx: AppContext, organization: Organization) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{ verifications: number; api_calls_this_month: number }>(
    `select
       (select coalesce(sum(verifications), 0) from usage_days where organization_id = $1)::bigint
         as verifications,
       (select coalesce(sum(calls), 0) from ${usageSinceSql('$1', '$2::timestamptz', '$3::timestamptz')} m)::bigint
         as api_calls_this_month`,
    [organization.id, ...usageSinceParams(startOfPeriod(now, 'month', organization.time_zone))],
  );
  return { active_tokens: await countActiveCodes(ctx.db, organization.id, now), ...row! };
}
