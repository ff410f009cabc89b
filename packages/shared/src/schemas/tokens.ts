import { z } from 'zod';
import { CODE_MAX_LIFETIME_SECONDS, TOKEN_STATUSES } from '../constants.ts';
import { exceedsJsonLimits, TOKEN_DATA_MAX_DEPTH, TOKEN_DATA_MAX_VALUES } from '../json-limits.ts';
import { CODE_ALPHABET, checkCharacter, formatCode } from '../token-code.ts';
import { timestampSchema } from './common.ts';
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
z.globalRegistry.add(jsonValue, {
  id: 'JsonValue',
  description: 'Any JSON value: a string, number, boolean, null, array or object',
});

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
  .meta({
    id: 'TokenData',
    minProperties: 1,
    maxProperties: 50,
    description:
      'The shared data: 1 to 50 fields, names of letters, digits and `_ . -` (up to 64), any ' +
      'JSON values. The individual later sees the names, never the values.',
  });

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

// Examples: built from the shared code module, so the example code passes its check character.
const EXAMPLE_CODE_BODY = '7KQ4M2XD9HTVCW3R';
const EXAMPLE_TOKEN = formatCode(EXAMPLE_CODE_BODY + checkCharacter(EXAMPLE_CODE_BODY));
const EXAMPLE_TOKEN_ID = 'tok_5mQ2xR8vKc1NpT7wYb3D';
const EXAMPLE_CREATED_AT = '2026-01-15T09:30:00.000Z';
const EXAMPLE_EXPIRES_AT = '2026-01-15T09:40:00.000Z';
const EXAMPLE_VERIFIED_AT = '2026-01-15T09:32:10.000Z';
const EXAMPLE_DATA = {
  full_name: 'محمد أحمد القحطاني',
  national_id: '1012345678',
  birth_date: '1990-04-12',
};
const EXAMPLE_ORGANIZATION = { name: 'مصرف المثال', client_id: 'tqc_4fR9tLw2QmZ8xKc1VbN7pD' };

/** POST /v1/tokens/generate. */
export const generateTokenSchema = z
  .object({
    data: tokenData.meta({
      description: 'The shared data, sealed under a key only the code gives',
    }),
    data_scope: dataScope.optional().meta({
      description:
        'Data categories the code covers: a list, or one comma-separated text. Each entry is ' +
        'trimmed and empty entries are ignored; what remains must be 1 to 40 of `a-z 0-9 _ : . -`.',
    }),
    expires_in: z
      .number()
      .int()
      .min(60)
      .max(CODE_MAX_LIFETIME_SECONDS)
      .default(3600)
      .meta({ description: 'Lifetime in seconds' }),
    one_time_use: z
      .literal(true)
      .optional()
      .meta({ description: 'Codes are always single use; accepted for clarity' }),
    audience: text()
      .min(1)
      .max(100)
      .optional()
      .meta({
        description:
          'The client_id of the organisation that may verify the code; default: the issuer. ' +
          'Not a registered client_id: 400 invalid_audience.',
      }),
    // Strict: a misspelt key ('nationalId') would otherwise be dropped, leaving a code with no
    // subject and so outside the identity lock.
    subject: z
      .strictObject({
        national_id: text()
          .regex(/^\d{10}$/, 'national_id is 10 digits')
          .optional(),
        user_id: text().min(1).max(200).optional(),
      })
      .optional()
      .meta({
        description:
          'Who the code is for: national_id (stored only as a keyed hash, so the individual can ' +
          'see its use) and/or your own user_id. Any other field: 400 validation_failed. A test ' +
          'key takes only the test national ids (10 digits starting 1999999 or 2999999 with a ' +
          'valid check digit; any other: 400 test_national_id_required) and a live key refuses ' +
          'them (400 test_national_id_in_live).',
      }),
    request_id: text()
      .min(1)
      .max(64)
      .optional()
      .meta({
        description:
          'Answer a verification request: its request_id (then match_number is required). The ' +
          "code is addressed to the request's audience, `data` may hold only the requested " +
          'fields, and a subject must be the one the request names.',
      }),
    match_number: text()
      .regex(/^\d{2}$/, 'match_number is two digits')
      .optional()
      .meta({
        description:
          'The number the person picked in your app, from the one the requester shows and two ' +
          'others: a wrong one answers 403 match_failed, and three cancel the request.',
        examples: ['47'],
      }),
  })
  .refine((body) => (body.request_id === undefined) === (body.match_number === undefined), {
    message: 'request_id and match_number go together',
    path: ['match_number'],
  })
  .meta({
    id: 'GenerateTokenRequest',
    examples: [{ data: EXAMPLE_DATA, data_scope: ['identity'], expires_in: 600 }],
  });
export type GenerateTokenInput = z.input<typeof generateTokenSchema>;

/** POST /v1/tokens/verify (and the dashboard's POST /api/v1/tokens/verify). */
export const verifyTokenSchema = z
  .object({
    token: text()
      .min(1)
      .max(100)
      .meta({
        description:
          'The code as the individual gave it: case, whitespace, dashes, invisible format ' +
          'characters (direction marks, zero-width characters) and tatweel do not matter, and ' +
          'Arabic-Indic digits are accepted. A wrong check character answers 400 token_malformed.',
      }),
  })
  .meta({ id: 'VerifyTokenRequest', examples: [{ token: EXAMPLE_TOKEN }] });

export const tokenIdParamsSchema = z.object({
  token_id: text()
    .min(1)
    .max(64)
    .meta({
      description:
        'token_id (or reference_id) from generate. Over 64 characters: 400 validation_failed; ' +
        'over 100: 414 (the router refuses it)',
      examples: [EXAMPLE_TOKEN_ID],
    }),
});

// ---------------------------------------------------------------------------------------------
// Answers of /v1/tokens, field for field what tokens.service.ts returns.

const CODE_CHAR = `[${CODE_ALPHABET}]`;
const tokenIdSchema = z
  .string()
  .regex(/^tok_[0-9A-Za-z_-]+$/)
  .meta({ description: 'Non-secret id of the code, for status and revoke calls' });

/** 201 of POST /v1/tokens/generate: the code, shown once. */
export const generateTokenResponseSchema = z
  .object({
    success: z.literal(true),
    token: z
      .string()
      .regex(
        new RegExp(
          `^${CODE_CHAR}{4}-${CODE_CHAR}{4}-${CODE_CHAR}{4}-${CODE_CHAR}{4}-${CODE_CHAR}$`,
        ),
      )
      .meta({
        description:
          'The one-time code, `XXXX-XXXX-XXXX-XXXX-C` (Crockford base32, last character a ' +
          'Luhn mod 32 check character). Shown once; nobody stores it.',
        examples: [EXAMPLE_TOKEN],
      }),
    token_id: tokenIdSchema,
    reference_id: tokenIdSchema.meta({ description: 'The same value as token_id' }),
    created_at: timestampSchema.meta({ description: 'When the code was issued' }),
    expires_at: timestampSchema.meta({ description: 'When the code stops working' }),
    message: z.string().meta({ examples: ['Token generated successfully'] }),
  })
  .meta({
    id: 'GenerateTokenResponse',
    examples: [
      {
        success: true,
        token: EXAMPLE_TOKEN,
        token_id: EXAMPLE_TOKEN_ID,
        reference_id: EXAMPLE_TOKEN_ID,
        created_at: EXAMPLE_CREATED_AT,
        expires_at: EXAMPLE_EXPIRES_AT,
        message: 'Token generated successfully',
      },
    ],
  });
export type GenerateTokenResponse = z.infer<typeof generateTokenResponseSchema>;

/** An organisation as /v1 names it: the issuer, or who used a code. */
export const organizationReferenceSchema = z
  .object({
    name: z.string().meta({ description: "The organisation's name" }),
    client_id: z
      .string()
      .regex(/^tqc_[0-9A-Za-z]+$/)
      .meta({ description: "The organisation's client_id" }),
  })
  .meta({ id: 'OrganizationReference' });

/** What every verify answer carries besides the data. */
const verifiedFields = {
  success: z.literal(true),
  token_id: tokenIdSchema,
  data_scope: z.array(z.string().regex(SCOPE_NAME)).meta({
    description: 'The data scopes given at issue, normalised to a list (empty if none)',
  }),
  issuer: organizationReferenceSchema.meta({ description: 'The issuing organisation' }),
  verified_at: timestampSchema.meta({ description: 'When the code was used up by this call' }),
};

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);

/** The data of a code whose audience registered an encryption key, sealed to that key. */
export const HPKE_PAYLOAD_INFO = 'tanqin/v1 payload';

const plainVerifyResponseSchema = z
  .object({
    ...verifiedFields,
    data: tokenDataFields.meta({ description: 'The shared data, exactly as issued' }),
  })
  .meta({ id: 'VerifiedData' });

const sealedVerifyResponseSchema = z
  .object({
    ...verifiedFields,
    encryption: z.literal('hpke').meta({
      description:
        'The audience registered an encryption key when the code was issued: the data is ' +
        'sealed to it (RFC 9180 base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ' +
        'AES-128-GCM, info `tanqin/v1 payload`, empty aad; the plaintext is the UTF-8 JSON ' +
        'of the data). Open it with your private key (the SDK does).',
    }),
    enc: base64url.meta({ description: 'The encapsulated key (32 bytes), base64url' }),
    ciphertext: base64url.meta({ description: 'The sealed data, base64url' }),
  })
  .meta({ id: 'VerifiedSealedData' });

/** 200 of POST /v1/tokens/verify: the shared data, once (sealed, when the audience has a key). */
export const verifyTokenResponseSchema = z
  .union([plainVerifyResponseSchema, sealedVerifyResponseSchema])
  .meta({
    id: 'VerifyTokenResponse',
    examples: [
      {
        success: true,
        token_id: EXAMPLE_TOKEN_ID,
        data: EXAMPLE_DATA,
        data_scope: ['identity'],
        issuer: EXAMPLE_ORGANIZATION,
        verified_at: EXAMPLE_VERIFIED_AT,
      },
    ],
  });
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

/** 200 of GET /v1/tokens/{token_id}/status. */
export const tokenStatusResponseSchema = z
  .object({
    token_id: tokenIdSchema,
    status: z
      .enum(TOKEN_STATUSES)
      .meta({ description: 'An active code past its expiry already reads `expired`' }),
    created_at: timestampSchema.meta({ description: 'When the code was issued' }),
    expires_at: timestampSchema.meta({ description: 'When the code stops (or stopped) working' }),
    used_at: timestampSchema
      .nullable()
      .meta({ description: 'When it was verified; null unless used' }),
    used_by: organizationReferenceSchema
      .nullable()
      .meta({ description: 'The organisation that verified it; null unless used' }),
  })
  .meta({
    id: 'TokenStatusResponse',
    examples: [
      {
        token_id: EXAMPLE_TOKEN_ID,
        status: 'used',
        created_at: EXAMPLE_CREATED_AT,
        expires_at: EXAMPLE_EXPIRES_AT,
        used_at: EXAMPLE_VERIFIED_AT,
        used_by: EXAMPLE_ORGANIZATION,
      },
    ],
  });
export type TokenStatusResponse = z.infer<typeof tokenStatusResponseSchema>;

/** 200 of POST /v1/tokens/{token_id}/revoke (and of the individual's own revocation). */
export const revokeTokenResponseSchema = z
  .object({ success: z.literal(true), status: z.literal('revoked') })
  .meta({ id: 'RevokeTokenResponse', examples: [{ success: true, status: 'revoked' }] });
export type RevokeTokenResponse = z.infer<typeof revokeTokenResponseSchema>;
