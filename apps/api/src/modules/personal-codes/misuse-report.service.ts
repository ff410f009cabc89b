import type { MisuseRole } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { recordSecurityEvent } from '../security/index.ts';
import { effectiveStatus, revokeLockedToken } from '../tokens/index.ts';
import { myCode, myCodeRow } from './personal-codes.service.ts';

interface ReportRow {
  reported_at: Date;
  note: string | null;
  revoked_code: boolean;
}

interface ReportedCode {
  id: string;
  organization_id: string;
  audience_organization_id: string;
  used_by_organization_id: string | null;
  expires_at: Date;
  is_test: boolean;
}

/**
 * "This wasn't me": the person reports one of their codes. In one transaction the report is kept
 * (one per code), the code is revoked if still active, and the issuing and the using
 * organisation each get a critical security event, which queues their notifications. A repeat
 * changes nothing and is answered from the first report. Anyone else's code answers 404.
 */
export async function reportMisuse(
  ctx: AppContext,
  userId: string,
  tokenId: string,
  note: string | null,
) {
  const now = ctx.clock.now();
  const report = await ctx.db.transaction(async (tx) => {
    const row = await myCodeRow(tx, userId, tokenId);
    const active = effectiveStatus(row, now) === 'active';
    const [created] = await tx.query<ReportRow>(
      `insert into misuse_reports (token_id, user_id, note, revoked_code, reported_at)
       values ($1, $2, $3, $4, $5)
       on conflict (token_id) do nothing
       returning reported_at, note, revoked_code`,
      [row.id, userId, note, active, now],
    );
    if (!created) return firstReport(tx, row.id);
    if (active) await revokeLockedToken(tx, row, now, `individual:${userId}`, null);
    await tellOrganizations(ctx, tx, row, { revoked: active, note });
    return created;
  });
  return {
    success: true as const,
    report: {
      reported_at: report.reported_at.toISOString(),
      note: report.note,
      revoked_code: report.revoked_code,
    },
    code: await myCode(ctx, userId, tokenId),
  };
}

async function firstReport(db: Queryable, tokenId: string) {
  const [row] = await db.query<ReportRow>(
    'select reported_at, note, revoked_code from misuse_reports where token_id = $1',
    [tokenId],
  );
  return row!;
}

/**
 * The organisations a reported code involves: the one that issued it, and the one that used it
 * (or, while unused, the one it was addressed to). One event when they are the same.
 */
function involvedOrganizations(code: ReportedCode): Map<string, MisuseRole> {
  const user = code.used_by_organization_id ?? code.audience_organization_id;
  const roles = new Map<string, MisuseRole>([[code.organization_id, 'issued']]);
  if (user !== code.organization_id) {
    roles.set(user, code.used_by_organization_id ? 'used' : 'addressed');
  } else if (code.used_by_organization_id) {
    roles.set(user, 'issued_used');
  }
  return roles;
}

async function tellOrganizations(
  ctx: AppContext,
  tx: Queryable,
  code: ReportedCode,
  report: { revoked: boolean; note: string | null },
) {
  for (const [organizationId, role] of involvedOrganizations(code)) {
    await recordSecurityEvent(
      ctx,
      {
        organizationId,
        type: 'misuse_reported',
        severity: 'critical',
        // The code id keeps two reports within a minute from being counted as one event.
        description: `The holder of the national id reported code ${code.id} as not theirs ("This wasn't me")`,
        additionalData: { token_id: code.id, role, revoked: report.revoked, note: report.note },
        isTest: code.is_test,
      },
      tx,
    );
  }
}
