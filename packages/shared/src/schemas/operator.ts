import { z } from 'zod';
import { DOCUMENT_STATUSES } from './documents.ts';

/** POST /api/v1/operator/documents/:id/review: the document as the review left it. */
export const documentReviewResultSchema = z.object({
  id: z.uuid(),
  status: z.enum(DOCUMENT_STATUSES),
  notes: z.string().nullable(),
});

/** GET /api/v1/operator/audit/verify (and /api/v1/audit/verify): every chain recomputed. */
export const auditChainReportSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), rows: z.number().int(), chains: z.number().int() }),
  z.object({
    status: z.literal('broken'),
    rows: z.number().int(),
    chains: z.number().int(),
    first_broken: z.object({
      organization_id: z.uuid(),
      shard: z.number().int(),
      seq: z.number().int(),
      token_id: z.string().nullable(),
      reason: z.string(),
    }),
  }),
]);

/** POST /api/v1/operator/secrets/reseal: values moved to the current TOKEN_PEPPER, per kind. */
export const secretsResealResultSchema = z.object({
  resealed: z.record(z.string(), z.number().int()),
});
