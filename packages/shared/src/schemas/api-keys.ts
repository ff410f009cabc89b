import { z } from 'zod';
import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  KEY_MODES,
  SCOPES,
  type Scope,
} from '../constants.ts';
import { isIpOrCidr, splitIpList } from '../ip.ts';
import { nullableTimestampSchema, successSchema, timestampSchema } from './common.ts';
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

const keyName = text('keyNameRequired').trim().min(1, 'keyNameRequired').max(100, 'tooLong');
const scopes = z
  .array(z.enum(SCOPES, 'scopeUnknown'), 'scopesRequired')
  .min(1, 'scopesRequired')
  .max(SCOPES.length);
const uniqueScopes = (list: Scope[]) => [...new Set(list)];
// The form's datetime-local text or an ISO date-time; "in the future" is checked by the server clock.
const expiryText = z.union([z.literal(''), text().max(40, 'tooLong')]);
const isValidDate = (date: Date | null | undefined) => !date || !Number.isNaN(date.getTime());

export const createApiKeySchema = z.object({
  key_name: keyName,
  scopes: scopes.default([...DEFAULT_SCOPES]).transform(uniqueScopes),
  allowed_ips: allowedIpsSchema.optional().nullable(),
  rate_limit_per_hour: rateLimit(1_000_000).default(DEFAULT_RATE_LIMIT_PER_HOUR),
  rate_limit_per_minute: rateLimit(100_000).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  expires_at: expiryText
    .optional()
    .nullable()
    .transform((value) => (value ? new Date(value) : undefined))
    .refine(isValidDate, 'expiresAtInvalid'),
  mode: z.enum(KEY_MODES, 'keyModeInvalid').default('live'),
  organization_id: text().max(100).optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

const EDITABLE_FIELDS = [
  'is_active',
  'key_name',
  'scopes',
  'allowed_ips',
  'rate_limit_per_hour',
  'rate_limit_per_minute',
  'expires_at',
] as const;

/**
 * PATCH /api/v1/security/api-keys/{id}: any of the key's settings, in force at once. A field left
 * out stays as it is; `allowed_ips` empty or null allows every address; `expires_at` empty or
 * null removes the expiry.
 */
export const updateApiKeySchema = z
  .object({
    is_active: z.boolean().optional(),
    key_name: keyName.optional(),
    scopes: scopes.transform(uniqueScopes).optional(),
    allowed_ips: allowedIpsSchema.nullable().optional(),
    rate_limit_per_hour: rateLimit(1_000_000).optional(),
    rate_limit_per_minute: rateLimit(100_000).optional(),
    expires_at: expiryText
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value ? new Date(value) : null))
      .refine(isValidDate, 'expiresAtInvalid'),
    organization_id: text().max(100).optional(),
  })
  .refine(
    (value) => EDITABLE_FIELDS.some((field) => value[field] !== undefined),
    'settingRequired',
  );
export type UpdateApiKeyInput = z.input<typeof updateApiKeySchema>;

/** The longest overlap of the old and the new secret when a key's secret is rolled: 7 days. */
export const MAX_ROLL_GRACE_SECONDS = 7 * 24 * 60 * 60;

/** POST /api/v1/security/api-keys/{id}/roll: a new secret; the old one works `grace_seconds` more. */
export const rollApiKeySchema = z.object({
  grace_seconds: z.coerce
    .number('graceInvalid')
    .int('graceInvalid')
    .min(0, 'graceInvalid')
    .max(MAX_ROLL_GRACE_SECONDS, 'graceInvalid')
    .default(0),
  organization_id: text().max(100).optional(),
});
export type RollApiKeyInput = z.input<typeof rollApiKeySchema>;

/** 200 of the roll: the new secret, shown this once. */
export const rolledApiKeySchema = z.object({
  success: successSchema,
  id: z.uuid(),
  key_name: z.string(),
  api_key: z.string(),
  api_secret: z.string().meta({ description: 'The new secret, shown this once' }),
  previous_secret_expires_at: nullableTimestampSchema.meta({
    description: 'Until when the old secret is still accepted; null when it stopped at once',
  }),
  secret_rolled_at: timestampSchema,
});
export type RolledApiKey = z.infer<typeof rolledApiKeySchema>;

const keyFields = {
  id: z.uuid(),
  key_name: z.string(),
  api_key: z.string().meta({ description: 'The public half, sent with every /v1 call' }),
  mode: z.enum(KEY_MODES),
  scopes: z.array(z.enum(SCOPES)),
  allowed_ips: z
    .array(z.string())
    .nullable()
    .meta({ description: 'IPs and CIDR ranges the key may call from; null: any address' }),
  is_active: z.boolean(),
  rate_limit_per_hour: z.number().int(),
  rate_limit_per_minute: z.number().int(),
  expires_at: nullableTimestampSchema,
  created_at: timestampSchema,
};

/** 200 of PATCH /api/v1/security/api-keys/{id}: the key's settings as they now are. */
export const updatedApiKeySchema = z.object({
  success: successSchema,
  ...keyFields,
  secret_rolled_at: nullableTimestampSchema,
});
export type UpdatedApiKey = z.infer<typeof updatedApiKeySchema>;

/** One key in GET /api/v1/security/api-keys: every field but the secret, with its counters. */
export const apiKeySchema = z.object({
  ...keyFields,
  secret_rolled_at: nullableTimestampSchema,
  previous_secret_expires_at: nullableTimestampSchema.meta({
    description: 'While the secret before the last roll still works: until when',
  }),
  usage_count: z.number().int(),
  last_used_at: nullableTimestampSchema,
  last_used_ip: z.string().nullable(),
  requests_this_minute: z
    .number()
    .int()
    .meta({ description: 'Calls counted against the per-minute limit in the last minute' }),
  requests_this_hour: z
    .number()
    .int()
    .meta({ description: 'Calls counted against the per-hour limit in the last hour' }),
  requests_today: z.number().int(),
  requests_this_month: z.number().int(),
  critical_events_count: z
    .number()
    .int()
    .meta({ description: 'Critical security events of the key not resolved yet' }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ api_keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** 201 of POST /api/v1/security/api-keys: the new key with its secret, shown this once. */
export const createdApiKeySchema = z.object({
  success: successSchema,
  ...keyFields,
  api_secret: z.string().meta({ description: 'The secret, shown this once' }),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
