import { z } from 'zod';
import { KEY_MODES } from '../constants.ts';
import { TOKEN_STATUSES, type TokenStatus, verifyTokenSchema } from './tokens.ts';

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

/** 200 of POST /api/v1/tokens/verify: the decrypted data, shown once. */
export interface StaffVerifyResult {
  success: true;
  token_id: string;
  data: Record<string, unknown>;
  data_scope: string[];
  issuer: { name: string; client_id: string };
  verified_at: string;
}

/**
 * One code of GET /api/v1/tokens. Never the code, its hash or its ciphertext. `status` counts an
 * active code past its expiry as expired, as the public status call does.
 */
export interface CodeListItem {
  token_id: string;
  data_scope: string[];
  data_fields: string[];
  status: TokenStatus;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: { name: string } | null;
  issuer: { name: string };
  audience: { name: string };
  /** Issued with a test-mode key: only test keys can verify it. */
  is_test: boolean;
}

export interface CodeList {
  tokens: CodeListItem[];
  total: number;
  page: number;
  page_size: number;
}
