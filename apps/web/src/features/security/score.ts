import type { SecurityStats } from './api/get-security-stats.ts';

export type ScoreLevel = 'excellent' | 'good' | 'needsAttention';

type ScoreInput = Pick<
  SecurityStats,
  'critical_events_count' | 'rate_limit_violations' | 'active_api_keys' | 'trusted_ips_count'
>;

/**
 * The security score of spec section 9: from 100, minus 10 per critical event (at most 30),
 * minus 15 above 10 rate limit violations, minus 20 without an active key, minus 10 without a
 * trusted IP; never below 0. 90 and above is excellent, 70 and above good.
 */
export function securityScore(stats: ScoreInput): { score: number; level: ScoreLevel } {
  let score = 100;
  score -= Math.min(30, 10 * stats.critical_events_count);
  if (stats.rate_limit_violations > 10) score -= 15;
  if (stats.active_api_keys === 0) score -= 20;
  if (stats.trusted_ips_count === 0) score -= 10;
  score = Math.max(0, score);
  const level: ScoreLevel = score >= 90 ? 'excellent' : score >= 70 ? 'good' : 'needsAttention';
  return { score, level };
}

/** The red alert box: any critical event, or more than 50 rate limit violations. */
export const needsSecurityAlert = (
  stats: Pick<SecurityStats, 'critical_events_count' | 'rate_limit_violations'>,
) => stats.critical_events_count > 0 || stats.rate_limit_violations > 50;

/** Share of today's requests that were refused, in percent with one decimal. */
export function blockedPercentage(
  stats: Pick<SecurityStats, 'total_requests_today' | 'blocked_requests_today'>,
) {
  if (!stats.total_requests_today) return 0;
  return Math.round((stats.blocked_requests_today / stats.total_requests_today) * 1000) / 10;
}

export type UsageLevel = 'high' | 'medium' | 'low';

/** Colour band of a usage bar (spec section 9): red from 90 %, yellow from 70 %, else green. */
export function usageLevel(used: number, limit: number): UsageLevel {
  const percent = limit > 0 ? (used / limit) * 100 : 0;
  if (percent >= 90) return 'high';
  if (percent >= 70) return 'medium';
  return 'low';
}
