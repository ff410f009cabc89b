import type { RateWindow } from './rate-limit-store.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The per-minute and per-hour sliding windows a /v1 caller's calls count against: its API key's
 * (or, for an OAuth client without a key, its organisation's). The key card's meters read the
 * same windows, so they show what the limits count: every admitted call, billed or not.
 */
export function rateWindows(
  subject: { apiKeyId?: string | null; organizationId: string },
  limits: { perMinute: number; perHour: number },
): [minute: RateWindow, hour: RateWindow] {
  const name = subject.apiKeyId ? `key:${subject.apiKeyId}` : `org:${subject.organizationId}`;
  return [
    { key: `rl:${name}:minute`, limit: limits.perMinute, windowMs: MINUTE_MS },
    { key: `rl:${name}:hour`, limit: limits.perHour, windowMs: HOUR_MS },
  ];
}
