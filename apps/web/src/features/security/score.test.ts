import { describe, expect, it } from 'vitest';
import { blockedPercentage, needsSecurityAlert, securityScore, usageLevel } from './score.ts';

const healthy = {
  critical_events_count: 0,
  rate_limit_violations: 0,
  active_api_keys: 2,
  trusted_ips_count: 1,
};

describe('security score (spec section 9)', () => {
  it('starts at 100: excellent', () => {
    expect(securityScore(healthy)).toEqual({ score: 100, level: 'excellent' });
  });

  it('takes 10 per critical event, at most 30', () => {
    expect(securityScore({ ...healthy, critical_events_count: 1 })).toEqual({
      score: 90,
      level: 'excellent',
    });
    expect(securityScore({ ...healthy, critical_events_count: 2 }).score).toBe(80);
    expect(securityScore({ ...healthy, critical_events_count: 3 }).score).toBe(70);
    expect(securityScore({ ...healthy, critical_events_count: 9 }).score).toBe(70);
  });

  it('takes 15 only above 10 rate limit violations', () => {
    expect(securityScore({ ...healthy, rate_limit_violations: 10 }).score).toBe(100);
    expect(securityScore({ ...healthy, rate_limit_violations: 11 }).score).toBe(85);
  });

  it('takes 20 without an active key and 10 without a trusted IP', () => {
    expect(securityScore({ ...healthy, active_api_keys: 0 })).toEqual({
      score: 80,
      level: 'good',
    });
    expect(securityScore({ ...healthy, trusted_ips_count: 0 }).score).toBe(90);
    // A new organisation: no key, no trusted IP.
    expect(securityScore({ ...healthy, active_api_keys: 0, trusted_ips_count: 0 })).toEqual({
      score: 70,
      level: 'good',
    });
  });

  it('goes down to 25 at worst and labels below 70 as needing attention', () => {
    expect(
      securityScore({
        critical_events_count: 5,
        rate_limit_violations: 100,
        active_api_keys: 0,
        trusted_ips_count: 0,
      }),
    ).toEqual({ score: 25, level: 'needsAttention' });
    expect(securityScore({ ...healthy, critical_events_count: 1, active_api_keys: 0 })).toEqual({
      score: 70,
      level: 'good',
    });
    expect(
      securityScore({
        ...healthy,
        critical_events_count: 1,
        active_api_keys: 0,
        rate_limit_violations: 11,
      }).level,
    ).toBe('needsAttention');
  });
});

describe('alert box and blocked share', () => {
  it('shows the alert for any critical event or more than 50 rate limit violations', () => {
    expect(needsSecurityAlert({ critical_events_count: 0, rate_limit_violations: 50 })).toBe(false);
    expect(needsSecurityAlert({ critical_events_count: 0, rate_limit_violations: 51 })).toBe(true);
    expect(needsSecurityAlert({ critical_events_count: 1, rate_limit_violations: 0 })).toBe(true);
  });

  it('gives the blocked percentage with one decimal, 0 without requests', () => {
    expect(blockedPercentage({ total_requests_today: 0, blocked_requests_today: 0 })).toBe(0);
    expect(blockedPercentage({ total_requests_today: 3, blocked_requests_today: 1 })).toBe(33.3);
    expect(blockedPercentage({ total_requests_today: 8, blocked_requests_today: 1 })).toBe(12.5);
  });
});

describe('usage colour', () => {
  it('is green below 70 %, yellow from 70 %, red from 90 %', () => {
    expect(usageLevel(69, 100)).toBe('low');
    expect(usageLevel(70, 100)).toBe('medium');
    expect(usageLevel(89, 100)).toBe('medium');
    expect(usageLevel(90, 100)).toBe('high');
    expect(usageLevel(1500, 1000)).toBe('high');
    expect(usageLevel(0, 1000)).toBe('low');
  });
});
