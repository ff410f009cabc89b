import { z } from 'zod';
import { text } from './text.ts';

/** The call log shows the newest usage rows, grouped by UTC day (spec section 9). */
export const CALL_LOG_ROW_LIMIT = 50;
export const CALL_LOG_DAY_LIMIT = 10;
/** The chart's default span and the longest one a caller may ask for, in days. */
export const DAILY_SUMMARY_DEFAULT_DAYS = 30;
export const DAILY_SUMMARY_MAX_DAYS = 90;

const DAYS_MESSAGE = `days is a whole number from 1 to ${DAILY_SUMMARY_MAX_DAYS}`;

/** Every wallet read may name the organisation, which must be the caller's own (else 404). */
export const walletQuerySchema = z.object({
  organization_id: text().max(100).optional(),
});

export const walletDailySummaryQuerySchema = z.object({
  days: z.coerce
    .number(DAYS_MESSAGE)
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(DAILY_SUMMARY_MAX_DAYS, DAYS_MESSAGE)
    .default(DAILY_SUMMARY_DEFAULT_DAYS),
  organization_id: text().max(100).optional(),
});

/**
 * GET /api/v1/wallet. Amounts are riyal as decimal strings with 3 decimals ("0.060"), never
 * floats; counts are integers. "Today" and "this month" are the organisation's, in its time zone.
 */
export interface WalletSummary {
  /** Unpaid cost: the usage since the last payment. */
  current_balance: string;
  /** Sum of every payment. */
  total_spent: string;
  last_payment_date: string | null;
  cost_per_call: string;
  total_calls: number;
  calls_this_month: number;
  calls_today: number;
}

/** One billed call of the call log. `status` is the HTTP status the call answered with. */
export interface WalletUsageEntry {
  id: string;
  created_at: string;
  endpoint: string;
  status: number;
  cost: string;
}

/** GET /api/v1/wallet/usage: the newest calls grouped by UTC day (`date` is YYYY-MM-DD). */
export interface WalletUsageDay {
  date: string;
  calls: number;
  cost: string;
  entries: WalletUsageEntry[];
}

export interface WalletUsage {
  days: WalletUsageDay[];
}

/**
 * GET /api/v1/wallet/daily-summary: one item per day of the organisation's calendar, oldest
 * first, days without calls included. A day is `paid` once a payment covered all of its calls.
 */
export interface DailyUsageSummaryItem {
  id: string;
  date: string;
  calls: number;
  cost: string;
  status: 'paid' | 'unpaid';
}
