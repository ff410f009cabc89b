import { z } from 'zod';

/*
 * The signed audit log's public answers (decision 009; formats: RFC 9162, C2SP tlog-checkpoint
 * and signed-note). The checks themselves are in ../audit-proof.ts.
 */

const base64Hash = z.string().meta({ description: 'A SHA-256 hash, base64 (32 bytes)' });

export const signedCheckpointSchema = z.string().meta({
  description:
    'A C2SP tlog-checkpoint signed as a C2SP signed-note (Ed25519): the origin, the tree size, ' +
    'the base64 root hash, then `checkpoint <id>`, `time <ISO 8601>` and (from the second on) ' +
    '`previous <id> <base64 SHA-256 of the previous signed note>`; a blank line; the signature ' +
    'lines `— <key name> <base64 of key id and signature>`.',
});

export const checkpointParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .meta({ description: "The checkpoint's number (the `checkpoint` line), from 1" }),
});

const treeSize = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const consistencyQuerySchema = z
  .object({
    from: treeSize.meta({ description: 'The smaller tree size: a signed checkpoint’s size' }),
    to: treeSize.meta({ description: 'The larger tree size: a signed checkpoint’s size' }),
  })
  .refine((query) => query.from <= query.to, {
    message: 'from must not exceed to',
    path: ['from'],
  });

export const consistencyProofSchema = z.object({
  from_size: z.number().int(),
  to_size: z.number().int(),
  proof: z.array(base64Hash).meta({
    description:
      'RFC 9162 section 2.1.4 consistency proof from from_size to to_size, base64 hashes',
  }),
});

export const auditKeySetSchema = z.object({
  origin: z.string().meta({ description: 'The origin line of every checkpoint of this log' }),
  keys: z
    .array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string().meta({ description: 'The public key, base64url' }),
        kid: z.string().meta({ description: 'RFC 7638 thumbprint of the key' }),
        use: z.literal('sig'),
        alg: z.literal('EdDSA'),
        note_verifier: z.string().meta({
          description: 'The signed-note verifier: `<name>+<8 hex key id>+<base64(0x01 || key)>`',
        }),
      }),
    )
    .meta({ description: 'Every key that has signed a checkpoint, the current one first' }),
});

export const receiptEntrySchema = z.object({
  kind: z.enum(['issued', 'used']),
  leaf: z.string().meta({
    description: 'The audit entry: base64 of its leaf bytes (UTF-8 JSON, the tree hashes it as is)',
  }),
  leaf_index: z.number().int(),
  tree_size: z.number().int().meta({ description: "The checkpoint's tree size" }),
  inclusion_proof: z.array(base64Hash).meta({
    description: 'RFC 9162 section 2.1.3 inclusion proof of the leaf in that tree, bottom up',
  }),
  checkpoint: signedCheckpointSchema,
});

export const receiptSchema = z.object({
  token_id: z.string(),
  entries: z.array(receiptEntrySchema).meta({
    description: "The code's issue and use, each in a signed checkpoint",
  }),
  pending: z.array(z.enum(['issued', 'used'])).meta({
    description:
      'Entries recorded but not yet in a signed checkpoint: ask again after Retry-After seconds',
  }),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const auditOrganizationParamsSchema = z.object({
  organization_id: z
    .uuid()
    .meta({ description: 'An organisation id as an audit entry records it' }),
});

/**
 * The name an organisation of the audit log goes by today, so a receipt's check can say who
 * issued and used a code. The signed entry proves the id; the name is the directory's.
 */
export const auditOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(['government', 'private']),
});
export type AuditOrganization = z.infer<typeof auditOrganizationSchema>;

/** What the operator's "checkpoint now" did: rows appended to the tree and the checkpoint. */
export const auditCheckpointRunSchema = z.object({
  appended: z.number().int(),
  checkpoint: z.object({
    id: z.number().int(),
    tree_size: z.number().int(),
    note: signedCheckpointSchema,
  }),
});
