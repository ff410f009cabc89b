import { z } from 'zod';
import { text } from './text.ts';

/**
 * The organisation's request log (GET /api/v1/security/requests): every /v1 call, admitted or
 * refused, newest first, paged by an opaque cursor (keyset paging: a page never shifts when new
 * calls arrive).
 */

export const REQUEST_LOG_PAGE_SIZE_DEFAULT = 50;
export const REQUEST_LOG_PAGE_SIZE_MAX = 200;
/** Which calls a mode filter keeps: live keys (and the organisation's own credentials) or test keys. */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

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
  mode: z.enum(KEY_MODES).optional(),
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
export interface RequestLogEntry {
  id: string;
  created_at: string;
  method: string;
  path: string;
  status: number;
  code: string | null;
  api_key_id: string | null;
  api_key_name: string | null;
  client_ip: string | null;
  /** ISO 3166 alpha-2, null for private, loopback and unknown addresses. */
  country: string | null;
  latency_ms: number;
  is_test: boolean;
}

export interface RequestLogPage {
  requests: RequestLogEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: string | null;
}

/** The outcome of a call in the analytics: `success`, or the problem code it was answered with. */
export const SUCCESS_OUTCOME = 'success';

export const ANALYTICS_SPANS = [7, 30] as const;

export const securityAnalyticsQuerySchema = z.object({
  organization_id: text().max(100).optional(),
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_SPANS as readonly number[]).includes(days))
    .default(7),
  mode: z.enum(KEY_MODES).optional(),
  api_key_id: z.uuid().optional(),
});
export type SecurityAnalyticsQuery = z.input<typeof securityAnalyticsQuerySchema>;

export interface AnalyticsDay {
  /** The organisation's calendar day, YYYY-MM-DD in its time zone. */
  date: string;
  requests: number;
  /** Calls per outcome: `success` and each problem code, only those that occurred. */
  outcomes: Record<string, number>;
  /** Estimated from a latency histogram; null on a day without calls. */
  p50_ms: number | null;
  p99_ms: number | null;
}

/** GET /api/v1/dashboard/security/analytics: one entry per day, oldest first, from the daily roll-up. */
export interface SecurityAnalytics {
  days: number;
  time_zone: string;
  from: string;
  to: string;
  series: AnalyticsDay[];
  totals: Omit<AnalyticsDay, 'date'>;
}
