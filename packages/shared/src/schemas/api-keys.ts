import { z } from 'zod';
import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  SCOPES,
} from '../constants.ts';
import { isIpOrCidr, splitIpList } from '../ip.ts';
import { text } from './text.ts';

/** Allowed IPs as the form's comma-separated text or a list; each entry an IP or CIDR range. */
export const allowedIpsSchema = z
  .union([text().max(4000, 'tooLong'), z.array(text().max(64, 'tooLong')).max(100, 'tooLong')])
  .transform((value) =>
    typeof value === 'string' ? splitIpList(value) : value.map((ip) => ip.trim()),
  )
  .refine((list) => list.every(isIpOrCidr), 'ipInvalid');

const rateLimit = (max: number) =>
  z.coerce
    .number('rateLimitInvalid')
    .int('rateLimitInvalid')
    .min(1, 'rateLimitInvalid')
    .max(max, 'rateLimitInvalid');

export const createApiKeySchema = z.object({
  key_name: text('keyNameRequired').trim().min(1, 'keyNameRequired').max(100, 'tooLong'),
  scopes: z
    .array(z.enum(SCOPES, 'scopeUnknown'), 'scopesRequired')
    .min(1, 'scopesRequired')
    .max(SCOPES.length)
    .default([...DEFAULT_SCOPES])
    .transform((scopes) => [...new Set(scopes)]),
  allowed_ips: allowedIpsSchema.optional().nullable(),
  rate_limit_per_hour: rateLimit(1_000_000).default(DEFAULT_RATE_LIMIT_PER_HOUR),
  rate_limit_per_minute: rateLimit(100_000).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  // The form's datetime-local text or an ISO date-time; "in the future" is checked by the server clock.
  expires_at: z
    .union([z.literal(''), text().max(40, 'tooLong')])
    .optional()
    .nullable()
    .transform((value) => (value ? new Date(value) : undefined))
    .refine((date) => date === undefined || !Number.isNaN(date.getTime()), 'expiresAtInvalid'),
  organization_id: text().max(100).optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const updateApiKeySchema = z.object({
  is_active: z.boolean(),
  organization_id: text().max(100).optional(),
});
