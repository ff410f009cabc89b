import { z } from 'zod';
import { nullableTimestampSchema, successSchema, timestampSchema } from './common.ts';
import { text } from './text.ts';
import { TOKEN_STATUSES } from './tokens.ts';

/**
 * What an individual sees of the codes issued for them (GET /api/v1/me/codes): metadata and the
 * audit trail, field names only, never the code or any value.
 */

/** One entry of a code's trail, read from the tamper-evident audit chain. */
export const PERSONAL_CODE_TRAIL_ACTIONS = [
  'generated',
  'verified',
  'verify_refused',
  'revoked',
  'expired',
] as const;
export type PersonalCodeTrailAction = (typeof PERSONAL_CODE_TRAIL_ACTIONS)[number];

export const personalCodeTrailEntrySchema = z.object({
  action: z.enum(PERSONAL_CODE_TRAIL_ACTIONS),
  at: timestampSchema,
  organization_name: z.string().nullable().meta({
    description:
      'The body that acted (issued, verified, tried to verify, revoked); null for the system or you',
  }),
  actor_type: z.enum(['organization', 'individual', 'system']).meta({
    description:
      'Who acted: an organisation, you (revocation from your page), or the system (expiry)',
  }),
  fields: z
    .array(z.string())
    .nullable()
    .meta({ description: 'Field names involved (generated, verified); null otherwise' }),
  reason: z.string().nullable().meta({
    description:
      'Why a verify was refused: wrong_audience, token_used, token_expired, token_revoked',
  }),
});
export type PersonalCodeTrailEntry = z.infer<typeof personalCodeTrailEntrySchema>;

const namedSchema = z.object({ name: z.string() });

export const personalCodeSchema = z.object({
  id: z.string(),
  issuer: z.object({ name: z.string(), type: z.enum(['government', 'private']) }),
  audience: namedSchema,
  status: z
    .enum(TOKEN_STATUSES)
    .meta({ description: 'An active code past its expiry counts as expired, as everywhere else' }),
  data_fields: z.array(z.string()),
  data_scope: z.array(z.string()),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  used_at: nullableTimestampSchema,
  used_by: namedSchema.nullable(),
  revoked_at: nullableTimestampSchema,
  trail: z.array(personalCodeTrailEntrySchema),
});
export type PersonalCode = z.infer<typeof personalCodeSchema>;

/** GET /api/v1/me/codes. */
export const personalCodeListSchema = z.object({ codes: z.array(personalCodeSchema) });
export type PersonalCodeList = z.infer<typeof personalCodeListSchema>;

/** 200 of POST /api/v1/me/codes/:id/revoke. */
export const personalCodeRevokeResultSchema = z.object({
  success: successSchema,
  code: personalCodeSchema,
});
export type PersonalCodeRevokeResult = z.infer<typeof personalCodeRevokeResultSchema>;

/** GET /api/v1/individuals/me/tokens: the same codes in the shape ARCHITECTURE.md section 6 names. */
export const individualTokenListSchema = z.object({
  tokens: z.array(
    z.object({
      token_id: z.string(),
      issuer: namedSchema,
      audience: namedSchema,
      status: z.enum(TOKEN_STATUSES),
      created_at: timestampSchema,
      expires_at: timestampSchema,
      data_scope: z.array(z.string()),
      usage: z.array(
        z.object({
          organization: z.object({ name: z.string().nullable() }),
          at: timestampSchema,
          fields: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type IndividualTokenList = z.infer<typeof individualTokenListSchema>;

/** The path parameter of the personal code routes: a token id. */
export const personalCodeParamsSchema = z.object({
  id: text().regex(/^tok_[A-Za-z0-9_-]{1,64}$/, 'not a code id'),
});

/**
 * The path parameter as documented: any text, so that a malformed id is answered like an unknown
 * one (404, nothing learnt) by the route rather than as a 400.
 */
export const personalCodePathSchema = z.object({
  id: z.string().meta({ description: 'A code id (`tok_…`); any other text answers 404' }),
});
