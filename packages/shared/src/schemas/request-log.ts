import { z } from 'zod';
import { consoleModeSchema, timestampSchema } from './common.ts';
import { text } from './text.ts';

/**
 * The organisation's request log (GET /api/v1/security/requests): every /v1 call, admitted or
 * refused, newest first, paged by an opaque cursor (keyset paging: a page never shifts when new
 * calls arrive).
 */

export const REQUEST_LOG_PAGE_SIZE_DEFAULT = 50;
export const REQUEST_LOG_PAGE_SIZE_MAX = 200;

/** `success`: answered below 400; `failure`: refused or failed (400 and above); or one status. */
const statusFilter = text()
  .regex(/^(success|failure|[1-5]\d\d)$/)
  .optional();

const instant = text()
  .max(40)
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()));

export const requestLogQuerySchema = z.object({
  organization_id: text().max(100).optional(),
  api_key_id: z.uuid().optional(),
  status: statusFilter,
  /** A problem code (`rate_limited`), or `success` for calls answered below 400. */
  code: text()
    .regex(/^[a-z][a-z0-9_]{1,60}$/)
    .optional(),
  mode: consoleModeSchema,
  from: instant.optional(),
  to: instant.optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REQUEST_LOG_PAGE_SIZE_MAX)
    .default(REQUEST_LOG_PAGE_SIZE_DEFAULT),
});
export type RequestLogQuery = z.input<typeof requestLogQuerySchema>;

/** One /v1 call. `code` is the problem code of a 4xx/5xx answer; `latency_ms` is the server's time. */
export const requestLogEntrySchema = z.object({
  id: z.uuid(),
  created_at: timestampSchema,
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  code: z.string().nullable(),
  api_key_id: z.uuid().nullable(),
  api_key_name: z.string().nullable(),
  client_ip: z.string().nullable(),
  country: z
    .string()
    .nullable()
    .meta({ description: 'ISO 3166 alpha-2; null for private, loopback and unknown addresses' }),
  latency_ms: z.number(),
  is_test: z.boolean(),
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;

export const requestLogPageSchema = z.object({
  requests: z.array(requestLogEntrySchema),
  next_cursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page' }),
});
export type RequestLogPage = z.infer<typeof requestLogPageSchema>;

/** The outcome of a call in the analytics: `success`, or the problem code it was answered with. */
export const SUCCESS_OUTCOME = 'success';

export const ANALYTICS_SPANS = [7, 30] as const;

export const securityAnalyticsQuerySchema = z.object({
  organization_id: text().max(100).optional(),
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_SPANS as readonly number[]).includes(days))
    .default(7),
  mode: consoleModeSchema,
  api_key_id: z.uuid().optional(),
});
export type SecurityAnalyticsQuery = z.input<typeof securityAnalyticsQuerySchema>;

const analyticsFigures = z.object({
  requests: z.number().int(),
  outcomes: z
    .record(z.string(), z.number().int())
    .meta({ description: 'Calls per outcome: `success` and each problem code that occurred' }),
  p50_ms: z
    .number()
    .nullable()
    .meta({ description: 'Estimated from a latency histogram; null without calls' }),
  p99_ms: z.number().nullable(),
});

export const analyticsDaySchema = analyticsFigures.extend({
  date: z.iso.date().meta({ description: "The organisation's calendar day (its time zone)" }),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** GET /api/v1/dashboard/security/analytics: one entry per day, oldest first, from the daily roll-up. */
export const securityAnalyticsSchema = z.object({
  days: z.number().int(),
  time_zone: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  series: z.array(analyticsDaySchema),
  totals: analyticsFigures,
});
export type SecurityAnalytics = z.infer<typeof securityAnalyticsSchema>;
