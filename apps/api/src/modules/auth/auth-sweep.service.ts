import type { AppContext } from '../../app-context.ts';
import { deleteFailedAccountNotices } from '../account-notices/index.ts';
import { deleteDoneNoticeDeliveries } from '../person-notices/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes spent sign-in material: second-step tokens, reset links and confirmation codes past
 * their time (kept a day after expiry); and the records of messages to people done a month ago
 * (security notices that failed every attempt, person notices' deliveries delivered or failed).
 */
export async function sweepAuthRecords(ctx: AppContext) {
  const now = ctx.clock.now().getTime();
  const dayAgo = new Date(now - DAY_MS);
  await ctx.db.query('delete from two_factor_challenges where expires_at < $1', [dayAgo]);
  await ctx.db.query('delete from password_reset_tokens where expires_at < $1', [dayAgo]);
  await ctx.db.query('delete from verification_codes where expires_at < $1', [dayAgo]);
  await deleteFailedAccountNotices(ctx);
  await deleteDoneNoticeDeliveries(ctx);
}
