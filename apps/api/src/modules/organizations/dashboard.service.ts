import type { AppContext } from '../../app-context.ts';
import { startOfPeriod } from '../wallet/periods.ts';
import type { Organization } from './organizations.service.ts';

/**
 * The dashboard's three counters, from the token and usage tables: codes this organisation issued
 * that can still be used, codes it verified (decrypted), and its billed calls since the start of
 * the month in its own time zone.
 */
export async function getDashboardCounters(ctx: AppContext, organization: Organization) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{
    active_tokens: number;
    verifications: number;
    api_calls_this_month: number;
  }>(
    `select
       (select count(*)::int from tokens
         where organization_id = $1 and status = 'active' and expires_at > $2) as active_tokens,
       -- Only a code's audience can verify it: this condition lets the audience index answer.
       (select count(*)::int from tokens
         where audience_organization_id = $1 and used_by_organization_id = $1) as verifications,
       (select count(*)::int from usage_logs where organization_id = $1 and created_at >= $3)
         as api_calls_this_month`,
    [organization.id, now, startOfPeriod(now, 'month', organization.time_zone)],
  );
  return row!;
}
