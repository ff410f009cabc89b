import { z } from 'zod';
import { nullableTimestampSchema, timestampSchema } from './common.ts';
import { text } from './text.ts';

/** The call log shows the newest usage rows, grouped by the organisation's day (its time zone). */
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

/** Riyal as a decimal text with 3 decimals ("0.060"), never a float. */
const riyal = z.string().regex(/^-?\d+\.\d{3}$/);
/** A day of a calendar, YYYY-MM-DD. */
const day = z.iso.date();

/**
 * GET /api/v1/wallet. Amounts are riyal as decimal strings with 3 decimals ("0.060"), never
 * floats; counts are integers. "Today" and "this month" are the organisation's, in its time zone.
 */
export const walletSummarySchema = z.object({
  current_balance: riyal.meta({ description: 'Unpaid cost: the usage since the last payment' }),
  total_spent: riyal.meta({ description: 'Sum of every payment' }),
  last_payment_date: nullableTimestampSchema,
  cost_per_call: riyal,
  total_calls: z.number().int(),
  calls_this_month: z.number().int(),
  calls_today: z.number().int(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** One billed call of the call log. `status` is the HTTP status the call answered with. */
export const walletUsageEntrySchema = z.object({
  id: z.string(),
  created_at: timestampSchema,
  endpoint: z.string(),
  status: z.number().int(),
  cost: riyal,
});
export type WalletUsageEntry = z.infer<typeof walletUsageEntrySchema>;

/** GET /api/v1/wallet/usage: the newest calls grouped by the organisation's day. */
export const walletUsageDaySchema = z.object({
  date: day.meta({ description: "The organisation's calendar day (its time zone)" }),
  calls: z.number().int(),
  cost: riyal,
  entries: z.array(walletUsageEntrySchema),
});
export type WalletUsageDay = z.infer<typeof walletUsageDaySchema>;

export const walletUsageSchema = z.object({
  time_zone: z
    .string()
    .meta({ description: "The organisation's time zone, whose days group the calls" }),
  days: z.array(walletUsageDaySchema),
});
export type WalletUsage = z.infer<typeof walletUsageSchema>;

/**
 * GET /api/v1/wallet/daily-summary: one item per day of the organisation's calendar, oldest
 * first, days without calls included. A day is `paid` once a payment covered all of its calls.
 */
export const dailyUsageSummaryItemSchema = z.object({
  id: z.string(),
  date: day,
  calls: z.number().int(),
  cost: riyal,
  status: z.enum(['paid', 'unpaid']),
});
export type DailyUsageSummaryItem = z.infer<typeof dailyUsageSummaryItemSchema>;

export const dailyUsageSummarySchema = z.array(dailyUsageSummaryItemSchema);

/** A calendar month of the organisation's time zone, YYYY-MM. */
export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .meta({ description: "A calendar month of the organisation's time zone, YYYY-MM" });

export const statementParamsSchema = z.object({ month: statementMonthSchema });

/** GET /api/v1/wallet/statements: the months with billed calls, newest first. */
export const statementListSchema = z.object({
  statements: z.array(
    z.object({ month: statementMonthSchema, calls: z.number().int(), amount: riyal }),
  ),
});
export type StatementList = z.infer<typeof statementListSchema>;

/** GET /api/v1/wallet/statements/{month}: billed calls by endpoint and key, and their amount. */
export const statementSchema = z.object({
  month: statementMonthSchema,
  organization: z.object({ name: z.string(), client_id: z.string() }),
  time_zone: z.string(),
  price_per_call: riyal.meta({ description: 'The price per billed call configured now' }),
  lines: z.array(
    z.object({
      endpoint: z.string(),
      api_key_id: z
        .uuid()
        .nullable()
        .meta({ description: 'null: calls without a key (the dashboard)' }),
      api_key_name: z
        .string()
        .nullable()
        .meta({ description: 'null when there is no key or the key was deleted' }),
      calls: z.number().int(),
      amount: riyal,
    }),
  ),
  total_calls: z.number().int(),
  total_amount: riyal,
  generated_at: timestampSchema,
});
export type Statement = z.infer<typeof statementSchema>;

export const statementCsvSchema = z.string().meta({
  description:
    'Columns: month, endpoint, api_key_id, api_key_name, calls, amount_sar; a total line last',
});
