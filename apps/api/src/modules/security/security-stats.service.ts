import type { SecurityLabel } from '@tanqin/shared';
import { COUNTRY_CODES } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { startOfPeriod } from '../wallet/periods.ts';
import { usageSinceParams, usageSinceSql } from '../wallet/usage-rollups.ts';

/**
 * The security score of spec section 9 and its label. The label never reads better than
 * "Needs Attention" while the red alert box shows (an open critical event, or more than 50 rate
 * limit violations): one critical event takes the score only to 90, and "Excellent" beside a red
 * alert tells the reader nothing is wrong.
 */
export function securityScore(stats: {
  critical_events_count: number;
  rate_limit_violations: number;
  active_api_keys: number;
  trusted_ips_count: number;
}) {
  let score = 100;
  score -= Math.min(30, 10 * stats.critical_events_count);
  if (stats.rate_limit_violations > 10) score -= 15;
  if (stats.active_api_keys === 0) score -= 20;
  if (stats.trusted_ips_count === 0) score -= 10;
  score = Math.max(0, score);
  const label: SecurityLabel =
    showsSecurityAlert(stats) || score < 70
      ? 'Needs Attention'
      : score >= 90
        ? 'Excellent'
        : 'Good';
  return { security_score: score, security_label: label, show_alert: showsSecurityAlert(stats) };
}

/** The red alert box: an open critical event, or more than 50 rate limit violations today. */
const showsSecurityAlert = (stats: {
  critical_events_count: number;
  rate_limit_violations: number;
}) => stats.critical_events_count > 0 || stats.rate_limit_violations > 50;

/**
 * The spec's "Security stats", computed; "today" is the organisation's day. Requests today are
 * the billed calls (usage roll-ups) plus the calls the /v1 pipeline refused (their events, with their
 * occurrences: an event row never spans two days, its minute bucket lies within one). Calls that
 * were admitted and then failed (an unknown code, bad input) are neither billed nor blocked and
 * are not counted. Critical events are the unresolved ones.
 */
export async function getSecurityStats(
  ctx: AppContext,
  organization: { id: string; time_zone: string },
) {
  const dayStart = startOfPeriod(ctx.clock.now(), 'day', organization.time_zone);
  const [row] = await ctx.db.query<{
    total_api_keys: number;
    active_api_keys: number;
    billed_today: number;
    blocked_requests_today: number;
    critical_events_count: number;
    trusted_ips_count: number;
    countries_blocked: number;
    rate_limit_violations: number;
  }>(
    `select
       (select count(*)::int from api_keys where organization_id = $1) as total_api_keys,
       (select count(*)::int from api_keys where organization_id = $1 and is_active) as active_api_keys,
       (select coalesce(sum(calls), 0) from ${usageSinceSql('$1', '$2::timestamptz', '$3::timestamptz')} u)::int
         as billed_today,
       (select coalesce(sum(occurrences), 0)::int from security_events
         where organization_id = $1 and created_at >= $2 and is_blocked_request) as blocked_requests_today,
       (select count(*)::int from security_events
         where organization_id = $1 and event_severity = 'critical' and resolved_at is null) as critical_events_count,
       (select count(*)::int from trusted_ips where organization_id = $1 and is_active) as trusted_ips_count,
       (select case when o.country_mode = 'allow'
                    then ${COUNTRY_CODES.length} - (select count(*)::int from country_rules r
                                                    where r.organization_id = o.id and r.is_allowed)
                    else (select count(*)::int from country_rules r
                           where r.organization_id = o.id and not r.is_allowed) end
          from organizations o where o.id = $1) as countries_blocked,
       (select coalesce(sum(occurrences), 0)::int from security_events
         where organization_id = $1 and event_type = 'rate_limit_exceeded' and created_at >= $2)
         as rate_limit_violations`,
    [organization.id, ...usageSinceParams(dayStart)],
  );
  const { billed_today, ...stats } = row!;
  const totalRequests = billed_today + stats.blocked_requests_today;
  return {
    ...stats,
    inactive_api_keys: stats.total_api_keys - stats.active_api_keys,
    total_requests_today: totalRequests,
    blocked_percentage: totalRequests
      ? Math.round((stats.blocked_requests_today / totalRequests) * 1000) / 10
      : 0,
    ...securityScore(stats),
  };
}
