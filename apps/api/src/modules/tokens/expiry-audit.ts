import type { Queryable } from '../../db/database.ts';
import { appendAudit } from '../audit/index.ts';

/** The audit entries of what an expiry sweep closed: codes, or verification requests. */
export const auditExpiries = (
  tx: Queryable,
  rows: { id: string; organization_id: string }[],
  at: Date,
) =>
  appendAudit(
    tx,
    rows.map((row) => ({
      organizationId: row.organization_id,
      tokenId: row.id,
      action: 'expire' as const,
      actor: 'system:expiry',
      fields: [],
      createdAt: at,
    })),
  );
