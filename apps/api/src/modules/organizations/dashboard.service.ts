import { type KeyMode, SUCCESS_OUTCOME } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { dayIn } from '../request-log/index.ts';
import { countActiveCodes } from '../tokens/index.ts';
import { startOfPeriod, usageSinceParams, usageSinceSql } from '../wallet/index.ts';
import type { Organization } from './organizations.service.ts';

type Counters = { verifications: number; api_calls_this_month: number };

/** Live: codes verified and calls billed, from the usage roll-ups (every total is kept). */
async function liveCounters(ctx: AppContext, organization: Organization, now: Date) {
  const [row] = await ctx.db.query<Counters>(
    `select
       (select coalesce(sum(verifications), 0) from usage_days where organization_id = $1)::bigint
         as verifications,
       (select coalesce(sum(calls), 0) from ${usageSinceSql('$1', '$2::timestamptz', '$3::timestamptz')} m)::bigint
         as api_calls_this_month`,
    [organization.id, ...usageSinceParams(startOfPeriod(now, 'month', organization.time_zone))],
  );
  return row!;
}

/**
 * Test calls are never billed, so they are in no usage roll-up: the test codes this organisation
 * verified are counted on the codes (tokens_test_received_idx), and the month's successful test
 * calls read from the request log's daily roll-up, by the organisation's calendar.
 */
async function testCounters(ctx: AppContext, organization: Organization, now: Date) {
  const monthStart = `${dayIn(now, organization.time_zone).slice(0, 8)}01`;
  const [row] = await ctx.db.query<Counters>(
    `select
       (select count(*) from tokens
         where audience_organization_id = $1 and is_test and status = 'used')::bigint as verifications,
       (select coalesce(sum(requests), 0) from request_daily
         where organization_id = $1 and is_test and outcome = $3 and day >= $2::date)::bigint
         as api_calls_this_month`,
    [organization.id, monthStart, SUCCESS_OUTCOME],
  );
  return row!;
}

/**
 * The dashboard's three counters, of one mode: codes this organisation issued that can still be
 * used, codes it verified (decrypted), and its calls since the start of the month in its own time
 * zone (live: billed calls).
 */
export async function getDashboardCounters(
  ctx: AppContext,
  organization: Organization,
  mode: KeyMode,
) {
  const now = ctx.clock.now();
  const [active_tokens, counters] = await Promise.all([
    countActiveCodes(ctx.db, organization.id, now, mode),
    mode === 'test' ? testCounters(ctx, organization, now) : liveCounters(ctx, organization, now),
  ]);
  return { active_tokens, ...counters };
}
