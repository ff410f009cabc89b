import type { TokenStatus } from '@tanqin/shared';

/** Active codes past their expiry count as expired before the sweep reaches them. */
export function effectiveStatus(
  row: { status: TokenStatus; expires_at: Date },
  now: Date,
): TokenStatus {
  return row.status === 'active' && row.expires_at <= now ? 'expired' : row.status;
}
