import { z } from 'zod';
import { exceedsJsonLimits, TOKEN_DATA_MAX_DEPTH, TOKEN_DATA_MAX_VALUES } from '../json-limits.ts';
import { jsonHasForbiddenCharacters, text } from './text.ts';

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const SCOPE_NAME = /^[a-z0-9_:.-]{1,40}$/;

/*
 * JSON Schema (GET /v1/openapi.json) cannot read refinements and transforms, so the rules they
 * enforce are restated below as metadata, which z.toJSONSchema emits. Metadata never changes
 * what a schema accepts.
 */

/** Any JSON value (what one shared field holds), named so JSON Schema defines it once. */
const jsonValue = z.json();
z.globalRegistry.add(jsonValue, { id: 'JsonValue', description: 'Any JSON value' });

/** A data scope name as stored and returned by verify (JSON Schema pattern). */
export const DATA_SCOPE_NAME_PATTERN = SCOPE_NAME.source;

/** A data_scope entry as sent: trimmed, it is empty (ignored) or a scope name. */
const SCOPE_NAME_CHARS = SCOPE_NAME.source.slice(1, -1);
const SCOPE_ENTRY_PATTERN = `^\\s*(?:${SCOPE_NAME_CHARS}\\s*)?$`;
const SCOPE_LIST_PATTERN = `^\\s*(?:${SCOPE_NAME_CHARS}\\s*)?(?:,\\s*(?:${SCOPE_NAME_CHARS}\\s*)?)*$`;

/** Names of the shared fields: what the individual later sees (never the values). */
const tokenDataFields = z
  .record(text().regex(FIELD_NAME, 'Field names are letters, digits, _ . - (max 64)'), jsonValue)
  .refine((data) => Object.keys(data).length >= 1, 'data must have at least one field')
  .refine((data) => Object.keys(data).length <= 50, 'data may have at most 50 fields')
  .refine((data) => !jsonHasForbiddenCharacters(data), 'textInvalid')
  .meta({ id: 'TokenData', minProperties: 1, maxProperties: 50 });

/** Depth and size are measured first: z.json() parses recursively, and deep nesting would overflow it. */
const tokenData = z.preprocess((value: z.input<typeof tokenDataFields>, ctx) => {
  const limits = { maxDepth: TOKEN_DATA_MAX_DEPTH, maxValues: TOKEN_DATA_MAX_VALUES };
  if (exceedsJsonLimits(value, limits)) ctx.addIssue({ code: 'custom', message: 'payloadTooDeep' });
  return value;
}, tokenDataFields);

const dataScope = z
  .union([
    z.array(text().meta({ pattern: SCOPE_ENTRY_PATTERN })).max(20),
    text().max(400).meta({ pattern: SCOPE_LIST_PATTERN }),
  ])
  .transform((value) =>
    (typeof value === 'string' ? value.split(',') : value)
      .map((scope) => scope.trim())
      .filter(Boolean),
  )
  .refine(
    (scopes) => scopes.every((scope) => SCOPE_NAME.test(scope)),
    'Scopes are lower-case words',
  );

export const generateTokenSchema = z.object({
  data: tokenData,
  data_scope: dataScope.optional(),
  expires_in: z.number().int().min(60).max(86_400).default(3600),
  one_time_use: z.literal(true).optional(),
  audience: text().min(1).max(100).optional(),
  subject: z
    .object({
      national_id: text()
        .regex(/^\d{10}$/, 'national_id is 10 digits')
        .optional(),
      user_id: text().min(1).max(200).optional(),
    })
    .optional(),
});
export type GenerateTokenInput = z.input<typeof generateTokenSchema>;

export const verifyTokenSchema = z.object({ token: text().min(1).max(100) });

export const tokenIdParamsSchema = z.object({ token_id: text().min(1).max(64) });

export const TOKEN_STATUSES = ['active', 'used', 'expired', 'revoked'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];
