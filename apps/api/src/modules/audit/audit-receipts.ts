import { RECEIPT_KINDS, type Receipt, type ReceiptKind } from '@tanqin/shared';
import type { Queryable } from '../../db/database.ts';
import {
  AUDIT_ROW_COLUMNS,
  type AuditLogRow,
  auditLeafBytes,
  latestCheckpoint,
} from './audit-checkpoints.ts';
import { inclusionProof } from './audit-tree.ts';

/** Seconds a client waits before asking again for entries not yet in a checkpoint. */
export const RECEIPT_RETRY_SECONDS = 60;

/**
 * A code's receipt: its issue and use, each as its audit entry, its inclusion proof and the
 * latest signed checkpoint. Entries the job has not appended, or that the latest checkpoint does
 * not cover yet, are listed as pending. The caller has already checked who may see the code.
 */
export async function receiptOf(db: Queryable, tokenId: string): Promise<Receipt> {
  const rows = await db.query<AuditLogRow & { leaf_index: string | number | null }>(
    `select ${AUDIT_ROW_COLUMNS}, r.first_leaf + (a.seq - r.first_seq) as leaf_index
       from audit_log a
       left join lateral (
         select first_leaf, first_seq from audit_tree_ranges r
          where r.organization_id = a.organization_id and r.shard = a.shard
            and r.first_seq <= a.seq and r.last_seq >= a.seq
          order by r.first_seq desc limit 1) r on true
      where a.token_id = $1 and a.action in ('issue', 'use')
      order by a.created_at, a.seq`,
    [tokenId],
  );
  const checkpoint = rows.length > 0 ? await latestCheckpoint(db) : undefined;
  const receipt: Receipt = { token_id: tokenId, entries: [], pending: [] };
  for (const row of rows) {
    const kind: ReceiptKind = RECEIPT_KINDS[row.action as keyof typeof RECEIPT_KINDS];
    const index = row.leaf_index === null ? undefined : Number(row.leaf_index);
    if (!checkpoint || index === undefined || index >= checkpoint.tree_size) {
      receipt.pending.push(kind);
      continue;
    }
    const proof = await inclusionProof(db, index, checkpoint.tree_size);
    receipt.entries.push({
      kind,
      leaf: auditLeafBytes(row).toString('base64'),
      leaf_index: index,
      tree_size: checkpoint.tree_size,
      inclusion_proof: proof.map((hash) => hash.toString('base64')),
      checkpoint: checkpoint.note,
    });
  }
  return receipt;
}
