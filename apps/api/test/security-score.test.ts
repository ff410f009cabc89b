import { describe, expect, it } from 'vitest';
import { securityScore } from '../src/modules/security/security-stats.service.ts';

const healthy = {
  critical_events_count: 0,
  rate_limit_violations: 0,
  active_api_keys: 2,
  trusted_ips_count: 1,
};
const scoreOf = (stats: Partial<typeof healthy>) => {
  const { security_score, security_label } = securityScore({ ...healthy, ...stats });
  return [security_score, security_label];
};

describe('security score (spec section 9)', () => {
  it('takes 10 per critical event (at most 30), 15 above 10 violations, 20 without a key, 10 without a trusted IP', () => {
    expect(scoreOf({})).toEqual([100, 'Excellent']);
    expect(scoreOf({ critical_events_count: 2 })[0]).toBe(80);
    expect(scoreOf({ critical_events_count: 9 })[0]).toBe(70);
    expect(scoreOf({ rate_limit_violations: 10 })).toEqual([100, 'Excellent']);
    expect(scoreOf({ rate_limit_violations: 11 })).toEqual([85, 'Good']);
    expect(scoreOf({ active_api_keys: 0, trusted_ips_count: 0 })).toEqual([70, 'Good']);
    expect(
      scoreOf({
        critical_events_count: 5,
        rate_limit_violations: 100,
        active_api_keys: 0,
        trusted_ips_count: 0,
      }),
    ).toEqual([25, 'Needs Attention']);
  });

  it('never reads better than "Needs Attention" while the red alert box shows', () => {
    expect(scoreOf({ critical_events_count: 1 })).toEqual([90, 'Needs Attention']);
    expect(securityScore({ ...healthy, critical_events_count: 1 }).show_alert).toBe(true);
    expect(scoreOf({ rate_limit_violations: 51 })).toEqual([85, 'Needs Attention']);
    expect(securityScore({ ...healthy, rate_limit_violations: 50 })).toMatchObject({
      security_label: 'Good',
      show_alert: false,
    });
  });
});
