import { z } from 'zod';
import { CODE_LIST_COUNT_CAP, TOKEN_STATUSES } from '../constants.ts';
import {
  consoleModeSchema,
  nullableTimestampSchema,
  successSchema,
  timestampSchema,
} from './common.ts';
import { text } from './text.ts';
import { verifyTokenResponseSchema, verifyTokenSchema } from './tokens.ts';

/**
 * The organisation dashboard's codes screen (/api/v1/tokens): staff decrypt a code the body
 * received, and list the codes it issued or received, metadata only.
 */

/** POST /api/v1/tokens/verify takes the same body as POST /v1/tokens/verify. */
export const staffVerifyTokenSchema = verifyTokenSchema;
export type StaffVerifyTokenInput = z.input<typeof staffVerifyTokenSchema>;

export const CODE_DIRECTIONS = ['issued', 'received'] as const;
export type CodeDirection = (typeof CODE_DIRECTIONS)[number];

export const CODES_PAGE_SIZE_DEFAULT = 20;
export const CODES_PAGE_SIZE_MAX = 100;

const instant = text()
  .max(40)
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()));

export const codesListQuerySchema = z.object({
  direction: z.enum(CODE_DIRECTIONS).default('issued'),
  status: z.enum(TOKEN_STATUSES).optional(),
  /** Live codes (the default) or test codes (issued with a test key), never both. */
  mode: consoleModeSchema,
  /** Part of the reference (`tok_...`), any case. */
  q: text().max(60).optional().meta({ description: 'Part of the reference (token_id)' }),
  from: instant.optional().meta({ description: 'Issued at or after this instant' }),
  to: instant.optional().meta({ description: 'Issued before this instant' }),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CODES_PAGE_SIZE_MAX).default(CODES_PAGE_SIZE_DEFAULT),
});
export type CodesListQuery = z.input<typeof codesListQuerySchema>;

/** 200 of POST /api/v1/tokens/verify: the decrypted data, shown once (as /v1 answers it). */
export const staffVerifyResultSchema = verifyTokenResponseSchema;
export type StaffVerifyResult = z.infer<typeof staffVerifyResultSchema>;

const namedSchema = z.object({ name: z.string() });

/**
 * One code of GET /api/v1/tokens. Never the code, its hash or its ciphertext. `status` counts an
 * active code past its expiry as expired, as the public status call does.
 */
export const codeListItemSchema = z.object({
  token_id: z.string(),
  data_scope: z.array(z.string()),
  data_fields: z.array(z.string()),
  status: z.enum(TOKEN_STATUSES),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  used_at: nullableTimestampSchema,
  used_by: namedSchema.nullable(),
  issuer: namedSchema,
  audience: namedSchema,
  is_test: z
    .boolean()
    .meta({ description: 'Issued with a test-mode key: only test keys can verify it' }),
});
export type CodeListItem = z.infer<typeof codeListItemSchema>;

export const codeListSchema = z.object({
  tokens: z.array(codeListItemSchema),
  total: z
    .number()
    .int()
    .meta({
      description: `Codes matching the filters, on every page, counted up to ${CODE_LIST_COUNT_CAP}`,
    }),
  total_capped: z.boolean().meta({
    description: `More than \`total\` (${CODE_LIST_COUNT_CAP}) codes match: the count stopped there`,
  }),
  next_cursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page' }),
});
export type CodeList = z.infer<typeof codeListSchema>;

export const codeReferenceParamsSchema = z.object({
  token_id: text()
    .max(100)
    .regex(/^tok_[0-9A-Za-z_-]+$/),
});

export const AUDIT_ACTIONS = ['issue', 'use', 'failed_use', 'revoke', 'expire'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One row of a code's audit chain. `member` names the person who acted only when they belong to
 * the reader's organisation; another organisation is named, its staff are not.
 */
export const codeHistoryEntrySchema = z.object({
  action: z.enum(AUDIT_ACTIONS),
  at: timestampSchema,
  organization: z.object({ name: z.string() }).nullable(),
  member: z.object({ name: z.string() }).nullable(),
  via: z
    .enum(['dashboard', 'api_key', 'client_credentials', 'individual', 'system'])
    .meta({ description: 'How the actor acted' }),
  fields: z.array(z.string()).meta({ description: 'Field names involved (never values)' }),
  reason: z.string().nullable(),
  chain: z
    .object({ shard: z.number().int(), seq: z.number().int(), hash: z.string() })
    .meta({ description: "The entry's place in the issuer's audit chain and its hash" }),
});
export type CodeHistoryEntry = z.infer<typeof codeHistoryEntrySchema>;

/** GET /api/v1/tokens/:token_id/history: the code and its audit rows, oldest first. */
export const codeHistorySchema = z.object({
  token: codeListItemSchema.extend({
    code_tail: z.string().nullable().meta({
      description: "The code's last four characters (null for codes issued before they were kept)",
    }),
  }),
  entries: z.array(codeHistoryEntrySchema),
});
export type CodeHistory = z.infer<typeof codeHistorySchema>;

export const codeRevokedSchema = z.object({
  success: successSchema,
  status: z.literal('revoked'),
});
export type CodeRevoked = z.infer<typeof codeRevokedSchema>;
