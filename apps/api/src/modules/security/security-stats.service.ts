import type { KeyMode, SecurityLabel } from '@tanqin/shared';
import { COUNTRY_CODES, SUCCESS_OUTCOME } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { dayIn } from '../request-log/index.ts';

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
 * The spec's "Security stats", computed; "today" is the organisation's calendar day (its time
 * zone, Asia/Riyadh by default). Requests, refusals and rate limit violations are read from the
 * request log's daily roll-up, the one source the traffic chart and the request log read too:
 * every /v1 call counts, and every call not answered with success is refused (a pipeline refusal,
 * a failed authentication, an unknown or used code). Critical events are the unresolved ones.
 * Keys, calls and events are those of one mode (live or test); trusted addresses and country
 * rules apply to both.
 */
export async function getSecurityStats(
  ctx: AppContext,
  organization: { id: string; time_zone: string },
  mode: KeyMode,
) {
  const today = dayIn(ctx.clock.now(), organization.time_zone);
  const [row] = await ctx.db.query<{
    total_api_keys: number;
    active_api_keys: number;
    total_requests_today: number;
    blocked_requests_today: number;
    critical_events_count: number;
    trusted_ips_count: number;
    countries_blocked: number;
    rate_limit_violations: number;
  }>(
    `select
       (select count(*)::int from api_keys where organization_id = $1 and mode = $4) as total_api_keys,
       (select count(*)::int from api_keys where organization_id = $1 and mode = $4 and is_active)
         as active_api_keys,
       (select coalesce(sum(requests), 0)::int from request_daily
         where organization_id = $1 and day = $2::date and is_test = $5) as total_requests_today,
       (select coalesce(sum(requests), 0)::int from request_daily
         where organization_id = $1 and day = $2::date and is_test = $5 and outcome <> $3)
         as blocked_requests_today,
       (select count(*)::int from security_events
         where organization_id = $1 and event_severity = 'critical' and resolved_at is null
           and is_test = $5) as critical_events_count,
       (select count(*)::int from trusted_ips where organization_id = $1 and is_active) as trusted_ips_count,
       (select case when o.country_mode = 'allow'
                    then ${COUNTRY_CODES.length} - (select count(*)::int from country_rules r
                                                    where r.organization_id = o.id and r.is_allowed)
                    else (select count(*)::int from country_rules r
                           where r.organization_id = o.id and not r.is_allowed) end
          from organizations o where o.id = $1) as countries_blocked,
       (select coalesce(sum(requests), 0)::int from request_daily
         where organization_id = $1 and day = $2::date and is_test = $5 and outcome = 'rate_limited')
         as rate_limit_violations`,
    [organization.id, today, SUCCESS_OUTCOME, mode, mode === 'test'],
  );
  const stats = row!;
  return {
    ...stats,
    inactive_api_keys: stats.total_api_keys - stats.active_api_keys,
    blocked_percentage: stats.total_requests_today
      ? Math.round((stats.blocked_requests_today / stats.total_requests_today) * 1000) / 10
      : 0,
    ...securityScore(stats),
  };
}
