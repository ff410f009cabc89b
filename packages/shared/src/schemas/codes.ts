import { z } from 'zod';
import { KEY_MODES } from '../constants.ts';
import { nullableTimestampSchema, timestampSchema } from './common.ts';
import { TOKEN_STATUSES, verifyTokenResponseSchema, verifyTokenSchema } from './tokens.ts';

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

export const codesListQuerySchema = z.object({
  direction: z.enum(CODE_DIRECTIONS).default('issued'),
  status: z.enum(TOKEN_STATUSES).optional(),
  /** Test codes (issued with a test-mode key) or live ones; both when absent. */
  mode: z.enum(KEY_MODES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(CODES_PAGE_SIZE_MAX)
    .default(CODES_PAGE_SIZE_DEFAULT),
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
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CodeList = z.infer<typeof codeListSchema>;
