import type {
  PersonalCode,
  PersonalCodeTrailAction,
  PersonalCodeTrailEntry,
  TokenStatus,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditAction } from '../audit/audit.service.ts';
import { revokeLockedToken } from '../tokens/tokens.service.ts';

/** The newest codes a person sees; older ones stay in the audit chain. */
export const PERSONAL_CODES_LIMIT = 200;

interface CodeRow {
  id: string;
  status: TokenStatus;
  data_fields: string[];
  data_scope: string[];
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  issuer_name: string;
  issuer_type: 'government' | 'private';
  audience_name: string;
  used_by_name: string | null;
}

interface TrailRow {
  token_id: string;
  action: AuditAction;
  created_at: Date;
  fields: string[];
  reason: string | null;
  actor: string | null;
  organization_name: string | null;
}

const TRAIL_ACTION: Record<AuditAction, PersonalCodeTrailAction> = {
  issue: 'generated',
  use: 'verified',
  failed_use: 'verify_refused',
  revoke: 'revoked',
  expire: 'expired',
};

const codeNotFound = () => new AppError('not_found', 'Code not found');

/**
 * The person's codes: those whose subject is their national id (the HMAC given at generate), and
 * those the expiry sweep recorded against their account once it deleted that link.
 */
const MINE_CTE = `mine as (
    select id as token_id from tokens where subject_hash = $1
    union
    select token_id from individual_code_links where user_id = $2)`;

async function subjectHashOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.query<{ national_id_hash: string | null }>(
    'select national_id_hash from users where id = $1',
    [userId],
  );
  return row?.national_id_hash ?? null;
}

function effectiveStatus(row: Pick<CodeRow, 'status' | 'expires_at'>, now: Date): TokenStatus {
  return row.status === 'active' && row.expires_at <= now ? 'expired' : row.status;
}

function trailEntry(row: TrailRow): PersonalCodeTrailEntry {
  const actorType = row.actor?.startsWith('individual:')
    ? 'individual'
    : row.actor?.startsWith('system:')
      ? 'system'
      : 'organization';
  const action = TRAIL_ACTION[row.action];
  return {
    action,
    at: row.created_at.toISOString(),
    organization_name: actorType === 'organization' ? row.organization_name : null,
    actor_type: actorType,
    fields: action === 'generated' || action === 'verified' ? row.fields : null,
    reason: row.reason,
  };
}

/** Metadata and trail of the person's codes (all, or one), newest first. Never a value. */
async function loadCodes(
  db: Queryable,
  userId: string,
  now: Date,
  tokenId?: string,
): Promise<PersonalCode[]> {
  const subjectHash = await subjectHashOf(db, userId);
  const rows = await db.query<CodeRow>(
    `with ${MINE_CTE}
     select t.id, t.status, t.data_fields, t.data_scope, t.created_at, t.expires_at, t.used_at, t.revoked_at,
            io.name as issuer_name, io.type as issuer_type, ao.name as audience_name, uo.name as used_by_name
       from mine
       join tokens t on t.id = mine.token_id
       join organizations io on io.id = t.organization_id
       join organizations ao on ao.id = t.audience_organization_id
       left join organizations uo on uo.id = t.used_by_organization_id
      where $3::text is null or t.id = $3
      order by t.created_at desc, t.id desc
      limit ${PERSONAL_CODES_LIMIT}`,
    [subjectHash, userId, tokenId ?? null],
  );
  if (rows.length === 0) return [];
  // The trail is the audit chain itself, so it always agrees with what happened.
  const trail = await db.query<TrailRow>(
    `select a.token_id, a.action, a.created_at, a.fields, a.reason, a.actor, o.name as organization_name
       from audit_log a
       left join organizations o on o.id = a.actor_organization_id
      where a.token_id = any($1::text[])
      order by a.created_at, a.seq`,
    [rows.map((row) => row.id)],
  );
  const trailOf = new Map<string, PersonalCodeTrailEntry[]>();
  for (const entry of trail) {
    const list = trailOf.get(entry.token_id) ?? [];
    list.push(trailEntry(entry));
    trailOf.set(entry.token_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    issuer: { name: row.issuer_name, type: row.issuer_type },
    audience: { name: row.audience_name },
    status: effectiveStatus(row, now),
    data_fields: row.data_fields,
    data_scope: row.data_scope,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    used_at: row.used_at?.toISOString() ?? null,
    used_by: row.used_by_name ? { name: row.used_by_name } : null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    trail: trailOf.get(row.id) ?? [],
  }));
}

export async function listPersonalCodes(ctx: AppContext, userId: string) {
  return { codes: await loadCodes(ctx.db, userId, ctx.clock.now()) };
}

/**
 * The person revokes one of their own active codes: the ciphertext is deleted and the audit
 * chain names them (`individual:<userId>`). Anyone else's code answers 404, as an unknown one.
 */
export async function revokePersonalCode(ctx: AppContext, userId: string, tokenId: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const subjectHash = await subjectHashOf(tx, userId);
    const [row] = await tx.query<{
      id: string;
      organization_id: string;
      status: TokenStatus;
      expires_at: Date;
    }>(
      `with ${MINE_CTE}
       select t.id, t.organization_id, t.status, t.expires_at
         from tokens t join mine on mine.token_id = t.id
        where t.id = $3
          for update of t`,
      [subjectHash, userId, tokenId],
    );
    if (!row) throw codeNotFound();
    const status = effectiveStatus(row, now);
    if (status === 'used') throw new AppError('token_used');
    if (status === 'expired') throw new AppError('token_expired');
    // Revoking twice is harmless: the second call finds it revoked and changes nothing.
    if (status === 'active') await revokeLockedToken(tx, row, now, `individual:${userId}`, null);
  });
  const [code] = await loadCodes(ctx.db, userId, now, tokenId);
  if (!code) throw codeNotFound();
  return { success: true as const, code };
}
