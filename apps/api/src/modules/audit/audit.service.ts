import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import type { SqlParams } from '../../db/sql-params.ts';

export type AuditAction = 'issue' | 'use' | 'failed_use' | 'revoke' | 'expire';

export interface AuditEntry {
  /** The chain's owner: the token's issuing organisation. */
  organizationId: string;
  tokenId: string;
  action: AuditAction;
  actorOrganizationId?: string | null;
  /** Who acted, e.g. `api_key:<id>`, `individual`, `system:expiry`. */
  actor?: string | null;
  /** Field names involved (never values). */
  fields: string[];
  reason?: string | null;
  createdAt: Date;
}

interface AuditRow {
  organization_id: string;
  shard: number;
  seq: number;
  token_id: string;
  action: string;
  actor_organization_id: string | null;
  actor: string | null;
  fields: string[];
  reason: string | null;
  created_at: Date;
  prev_hash: string;
  hash: string;
}

export const AUDIT_SHARDS = 64;
export const GENESIS_HASH = '0'.repeat(64);
const FIELD_SEPARATOR = '\x1f';
const NULL_MARK = '\x1e';

/** A token's rows all live in one chain of its issuer, chosen from its id. */
export function auditShard(tokenId: string): number {
  let hash = 2166136261;
  for (let i = 0; i < tokenId.length; i++) hash = Math.imul(hash ^ tokenId.charCodeAt(i), 16777619);
  return (hash >>> 0) % AUDIT_SHARDS;
}

/** The canonical text a row's hash covers; `canonicalSql` below must produce the same text. */
function canonicalRow(row: Omit<AuditRow, 'prev_hash' | 'hash'>): string {
  return [
    row.organization_id,
    String(row.shard),
    String(row.seq),
    row.token_id,
    row.action,
    row.actor_organization_id ?? NULL_MARK,
    row.actor ?? NULL_MARK,
    row.fields.join(','),
    row.reason ?? NULL_MARK,
    new Date(row.created_at).toISOString(),
  ].join(FIELD_SEPARATOR);
}

export function chainHash(prevHash: string, row: Omit<AuditRow, 'prev_hash' | 'hash'>): string {
  return createHash('sha256')
    .update(prevHash + canonicalRow(row), 'utf8')
    .digest('hex');
}

const canonicalSql = (
  r: string,
) => `concat_ws(chr(31), ${r}.organization_id::text, ${r}.shard::text,
  ${r}.seq::text, ${r}.token_id, ${r}.action, coalesce(${r}.actor_organization_id::text, chr(30)),
  coalesce(${r}.actor, chr(30)), array_to_string(${r}.fields, ','), coalesce(${r}.reason, chr(30)),
  to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** Where an appended row's token comes from: a CTE and SQL expressions over its columns. */
export interface AuditSource {
  cte: string;
  organizationId: string;
  shard: string;
  tokenId: string;
  fields: string;
}

/**
 * CTEs that append one audit row inside a larger statement, so a billed call is one round trip:
 * the chain head is locked, the row hashed in SQL (the same canonical text as `chainHash`),
 * inserted, and the head moved on. A row is written for each row the source CTE yields.
 */
export function auditAppendCtes(
  params: SqlParams,
  source: AuditSource,
  entry: Pick<AuditEntry, 'action' | 'actorOrganizationId' | 'actor' | 'reason' | 'createdAt'>,
): string {
  const s = source;
  return `audit_head as (
      select h.organization_id, h.shard, h.last_seq, h.last_hash
        from audit_chain_heads h, ${s.cte} src
       where h.organization_id = src.${s.organizationId} and h.shard = src.${s.shard}
         for update of h),
    audit_row as (
      select h.organization_id, h.shard, h.last_seq + 1 as seq, src.${s.tokenId} as token_id,
             ${params.add(entry.action, 'text')} as action,
             ${params.add(entry.actorOrganizationId ?? null, 'uuid')} as actor_organization_id,
             ${params.add(entry.actor ?? null, 'text')} as actor, src.${s.fields} as fields,
             ${params.add(entry.reason ?? null, 'text')} as reason,
             ${params.add(entry.createdAt, 'timestamptz')} as created_at, h.last_hash as prev_hash
        from audit_head h, ${s.cte} src),
    audit_insert as (
      insert into audit_log (organization_id, shard, seq, token_id, action, actor_organization_id, actor,
                             fields, reason, created_at, prev_hash, hash)
      select r.*, encode(sha256(convert_to(r.prev_hash || ${canonicalSql('r')}, 'UTF8')), 'hex')
        from audit_row r
      returning organization_id, shard, seq, hash),
    audit_head_update as (
      update audit_chain_heads h set last_seq = i.seq, last_hash = i.hash from audit_insert i
       where h.organization_id = i.organization_id and h.shard = i.shard)`;
}

/** Creates an organisation's chain heads; part of its sign-up transaction. */
export async function createAuditChains(tx: Queryable, organizationId: string) {
  await tx.query(
    `insert into audit_chain_heads (organization_id, shard, last_seq, last_hash)
     select $1, shard, 0, $2 from generate_series(0, ${AUDIT_SHARDS - 1}) as shard`,
    [organizationId, GENESIS_HASH],
  );
}

/** Appends rows from application code (sweeps, error paths) inside the caller's transaction. */
export async function appendAudit(tx: Queryable, entries: AuditEntry[]) {
  for (const entry of entries) {
    const shard = auditShard(entry.tokenId);
    const [head] = await tx.query<{ last_seq: number; last_hash: string }>(
      'select last_seq, last_hash from audit_chain_heads where organization_id = $1 and shard = $2 for update',
      [entry.organizationId, shard],
    );
    if (!head) throw new Error(`No audit chain for organisation ${entry.organizationId}`);
    const row = {
      organization_id: entry.organizationId,
      shard,
      seq: Number(head.last_seq) + 1,
      token_id: entry.tokenId,
      action: entry.action,
      actor_organization_id: entry.actorOrganizationId ?? null,
      actor: entry.actor ?? null,
      fields: entry.fields,
      reason: entry.reason ?? null,
      created_at: entry.createdAt,
    };
    const hash = chainHash(head.last_hash, row);
    await tx.query(
      `with audit_insert as (
         insert into audit_log (organization_id, shard, seq, token_id, action, actor_organization_id, actor,
                                fields, reason, created_at, prev_hash, hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12))
       update audit_chain_heads set last_seq = $3, last_hash = $12 where organization_id = $1 and shard = $2`,
      [...Object.values(row), head.last_hash, hash],
    );
  }
}

export interface BrokenRow {
  organization_id: string;
  shard: number;
  seq: number;
  token_id: string;
  reason: string;
}
export type ChainReport =
  | { status: 'ok'; rows: number; chains: number }
  | { status: 'broken'; rows: number; chains: number; first_broken: BrokenRow };

/** Recomputes the chains (one organisation's, or all) and names the first broken row. */
export async function verifyAuditChain(
  ctx: AppContext,
  organizationId?: string,
): Promise<ChainReport> {
  const filter = organizationId ? 'where organization_id = $1' : '';
  const params = organizationId ? [organizationId] : [];
  const rows = await ctx.db.query<AuditRow>(
    `select organization_id, shard, seq, token_id, action, actor_organization_id, actor, fields, reason,
            created_at, prev_hash, hash
       from audit_log ${filter} order by organization_id, shard, seq`,
    params,
  );
  const heads = await ctx.db.query<{
    organization_id: string;
    shard: number;
    last_seq: number;
    last_hash: string;
  }>(`select organization_id, shard, last_seq, last_hash from audit_chain_heads ${filter}`, params);
  const report = (
    row: Pick<AuditRow, 'organization_id' | 'shard' | 'seq' | 'token_id'>,
    reason: string,
  ): ChainReport => ({
    status: 'broken',
    rows: rows.length,
    chains: heads.length,
    first_broken: {
      organization_id: row.organization_id,
      shard: Number(row.shard),
      seq: Number(row.seq),
      token_id: row.token_id,
      reason,
    },
  });
  const lastOfChain = new Map<string, AuditRow>();
  let previous: AuditRow | undefined;
  for (const row of rows) {
    const isNewChain =
      !previous || previous.organization_id !== row.organization_id || previous.shard !== row.shard;
    const expectedSeq = isNewChain ? 1 : Number(previous!.seq) + 1;
    const expectedPrev = isNewChain ? GENESIS_HASH : previous!.hash;
    if (Number(row.seq) !== expectedSeq) return report(row, 'a row is missing before this one');
    if (row.prev_hash !== expectedPrev)
      return report(row, 'prev_hash does not match the previous row');
    if (chainHash(row.prev_hash, row) !== row.hash)
      return report(row, 'the row was changed after it was written');
    lastOfChain.set(`${row.organization_id}/${row.shard}`, row);
    previous = row;
  }
  // A deleted tail shows as a head that points past the chain's last row.
  for (const head of heads) {
    const last = lastOfChain.get(`${head.organization_id}/${head.shard}`);
    if (
      Number(head.last_seq) !== (last ? Number(last.seq) : 0) ||
      (last && last.hash !== head.last_hash)
    ) {
      return report(
        last ?? { ...head, seq: head.last_seq, token_id: '' },
        'rows after this one were removed',
      );
    }
  }
  return { status: 'ok', rows: rows.length, chains: heads.length };
}
