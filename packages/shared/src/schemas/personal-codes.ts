import { z } from 'zod';
import { PERSONAL_CODE_BODY_ROLES, TOKEN_STATUSES } from '../constants.ts';
import { nullableTimestampSchema, successSchema, timestampSchema } from './common.ts';
import { PROFILE_LANGUAGES } from './individuals.ts';
import { text } from './text.ts';

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
      'Why a verify was refused: wrong_audience, token_used, token_expired, token_revoked, subject_locked',
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
  purpose: z.string().nullable().meta({
    description: 'The purpose of the verification request the code answered; null if none',
  }),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  used_at: nullableTimestampSchema,
  used_by: namedSchema.nullable(),
  revoked_at: nullableTimestampSchema,
  misuse_reported_at: nullableTimestampSchema.meta({
    description: 'When you reported this code as not yours ("This wasn\'t me"); null if never',
  }),
  trail: z.array(personalCodeTrailEntrySchema),
});
export type PersonalCode = z.infer<typeof personalCodeSchema>;

export const PERSONAL_CODES_PAGE_DEFAULT = 50;
export const PERSONAL_CODES_PAGE_MAX = 100;

/** A day (`2026-11-01`) or an instant; a bare day is read as its start in UTC. */
const instant = text()
  .max(40)
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'not a date');

/** What narrows the person's history: the same for a page and for the CSV export. */
export const personalCodeFiltersSchema = z.object({
  status: z.enum(TOKEN_STATUSES).optional(),
  body: text()
    .max(100)
    .optional()
    .meta({ description: 'Part of a body’s name (any letters case), where `body_role` says' }),
  body_role: z.enum(PERSONAL_CODE_BODY_ROLES).default('any').meta({
    description: '`issuer`: the body that issued the code; `verifier`: the one meant to use it',
  }),
  from: instant.optional().meta({ description: 'Issued at or after (inclusive)' }),
  to: instant.optional().meta({ description: 'Issued before (exclusive)' }),
});
export type PersonalCodeFilters = z.input<typeof personalCodeFiltersSchema>;

/** The query of GET /api/v1/me/codes and /api/v1/individuals/me/tokens: filters and a page. */
export const personalCodeQuerySchema = personalCodeFiltersSchema.extend({
  cursor: text()
    .max(200)
    .optional()
    .meta({ description: 'The `next_cursor` of the page before; absent for the newest page' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PERSONAL_CODES_PAGE_MAX)
    .default(PERSONAL_CODES_PAGE_DEFAULT),
});
export type PersonalCodeQuery = z.input<typeof personalCodeQuerySchema>;

const nextCursorSchema = z
  .string()
  .nullable()
  .meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page' });

/** GET /api/v1/me/codes: one page, newest first. */
export const personalCodeListSchema = z.object({
  codes: z.array(personalCodeSchema),
  next_cursor: nextCursorSchema,
});
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
  next_cursor: nextCursorSchema,
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

export const PERSONAL_CODES_CSV_COLUMNS = [
  'code_id',
  'created_at',
  'status',
  'issuer',
  'issuer_type',
  'verifier',
  'used_by',
  'used_at',
  'expires_at',
  'revoked_at',
  'fields',
] as const;

/** The query of GET /api/v1/me/codes.csv and /api/v1/individuals/me/tokens.csv. */
export const personalCodesCsvQuerySchema = personalCodeFiltersSchema.extend({
  lang: z.enum(PROFILE_LANGUAGES).optional().meta({
    description:
      'The language the file names the fields in (the page’s); absent, the person’s profile language',
  }),
});
export type PersonalCodesCsvQuery = z.input<typeof personalCodesCsvQuerySchema>;

/** 200 of GET /api/v1/me/codes.csv and /api/v1/individuals/me/tokens.csv. */
export const personalCodesCsvSchema = z.string().meta({
  description: `UTF-8 with a byte-order mark, newest first. Columns: ${PERSONAL_CODES_CSV_COLUMNS.join(', ')} (fields: the fields shared, by the names a person reads in the file's language, «، » between them in Arabic and ", " in English; a field of the organisation's own keeps its name; never a value)`,
});

/**
 * "This wasn't me": the person reports one of their codes as not asked for or given by them.
 * The optional note goes to the organisations as text; it is kept to one plain line.
 */
export const MISUSE_NOTE_MAX = 280;

/** Control and bidirectional-override characters: a note is one line of plain text. */
const NOTE_NOISE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/** The body of POST /api/v1/me/codes/:id/report-misuse. */
export const misuseReportRequestSchema = z.object({
  note: text()
    .transform((value) => value.replace(NOTE_NOISE, ' ').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(MISUSE_NOTE_MAX, 'misuseNoteTooLong'))
    .optional()
    .meta({
      description: `What the person wants both organisations to know (at most ${MISUSE_NOTE_MAX} characters, one line)`,
    }),
});
export type MisuseReportRequest = z.input<typeof misuseReportRequestSchema>;

/** 200 of POST /api/v1/me/codes/:id/report-misuse: the same answer for a repeat. */
export const misuseReportResultSchema = z.object({
  success: successSchema,
  report: z.object({
    reported_at: timestampSchema,
    note: z.string().nullable(),
    revoked_code: z
      .boolean()
      .meta({ description: 'Whether the report revoked the code (it was still active)' }),
  }),
  code: personalCodeSchema,
});
export type MisuseReportResult = z.infer<typeof misuseReportResultSchema>;
