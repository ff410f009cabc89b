import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';

/** What a code's rows record. */
export type CodeAuditAction = 'issue' | 'use' | 'failed_use' | 'revoke' | 'expire';
export type AuditAction =
  | CodeAuditAction
  // A verification request's rows (token_id holds its vrq_ id, in its audience's chains).
  | 'request'
  | 'answer'
  | 'cancel';

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

export interface AuditRow {
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
  seq: string,
) => `concat_ws(chr(31), ${r}.organization_id::text, ${r}.shard::text,
  (${seq})::text, ${r}.token_id, ${r}.action, coalesce(${r}.actor_organization_id::text, chr(30)),
  coalesce(${r}.actor, chr(30)), array_to_string(${r}.fields, ','), coalesce(${r}.reason, chr(30)),
  to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

const rowHashSql = (prevHash: string, r: string, seq: string) =>
  `encode(sha256(convert_to(${prevHash} || ${canonicalSql(r, seq)}, 'UTF8')), 'hex')`;

/**
 * CTEs that append audit rows inside a larger statement (which must start `with recursive`).
 * `entries` is a CTE with the columns of `AUDIT_ENTRY_COLUMNS`; its rows are appended in `ord`
 * order. The heads of their chains are locked in one fixed order (so concurrent writers never
 * deadlock on them), each row is hashed onto the one before it in SQL (the same canonical text as
 * `chainHash`), the rows are inserted and each head moves once. `audit_head_update` returns one
 * row per chain moved, for statements that must write something only after the heads are locked.
 * An entry without a chain (every organisation gets its chains at sign-up) fails the statement:
 * its row would have no previous hash.
 */
export function auditAppendCtes(entries: string): string {
  return `audit_numbered as (
      select e.*, row_number() over (partition by e.organization_id, e.shard order by e.ord) as nth
        from ${entries} e),
    audit_head as materialized (
      select h.*
        from (select distinct organization_id, shard from audit_numbered order by 1, 2) c,
             lateral (select h.organization_id, h.shard, h.last_seq, h.last_hash
                        from audit_chain_heads h
                       where h.organization_id = c.organization_id and h.shard = c.shard
                         for update) h),
    audit_chain as (
      select n.organization_id, n.shard, n.nth, h.last_seq + 1 as seq, n.token_id, n.action,
             n.actor_organization_id, n.actor, n.fields, n.reason, n.created_at, h.last_hash as prev_hash,
             ${rowHashSql('h.last_hash', 'n', 'h.last_seq + 1')} as hash
        from audit_numbered n left join audit_head h using (organization_id, shard)
       where n.nth = 1
      union all
      select n.organization_id, n.shard, n.nth, c.seq + 1, n.token_id, n.action,
             n.actor_organization_id, n.actor, n.fields, n.reason, n.created_at, c.hash,
             ${rowHashSql('c.hash', 'n', 'c.seq + 1')}
        from audit_chain c
        join audit_numbered n on n.organization_id = c.organization_id and n.shard = c.shard
                             and n.nth = c.nth + 1),
    audit_insert as (
      insert into audit_log (organization_id, shard, seq, token_id, action, actor_organization_id, actor,
                             fields, reason, created_at, prev_hash, hash)
      select organization_id, shard, seq, token_id, action, actor_organization_id, actor, fields, reason,
             created_at, prev_hash, hash
        from audit_chain),
    audit_head_update as (
      update audit_chain_heads h set last_seq = c.seq, last_hash = c.hash
        from (select distinct on (organization_id, shard) organization_id, shard, seq, hash
                from audit_chain order by organization_id, shard, nth desc) c
       where h.organization_id = c.organization_id and h.shard = c.shard
      returning h.shard)`;
}

/** The columns `auditAppendCtes` reads from its entries, for `json_to_recordset`. */
export const AUDIT_ENTRY_COLUMNS = `ord int, organization_id uuid, shard int, token_id text, action text,
  actor_organization_id uuid, actor text, fields text[], reason text, created_at timestamptz`;

/** An entry as `auditAppendCtes` reads it, `ord` giving the order within its chain. */
export function auditEntryRecord(entry: AuditEntry, ord: number) {
  return {
    ord,
    organization_id: entry.organizationId,
    shard: auditShard(entry.tokenId),
    token_id: entry.tokenId,
    action: entry.action,
    actor_organization_id: entry.actorOrganizationId ?? null,
    actor: entry.actor ?? null,
    fields: entry.fields,
    reason: entry.reason ?? null,
    created_at: entry.createdAt,
  };
}

/** Creates an organisation's chain heads; part of its sign-up transaction. */
export async function createAuditChains(tx: Queryable, organizationId: string) {
  await tx.query(
    `insert into audit_chain_heads (organization_id, shard, last_seq, last_hash)
     select $1, shard, 0, $2 from generate_series(0, ${AUDIT_SHARDS - 1}) as shard`,
    [organizationId, GENESIS_HASH],
  );
}

/** Appends rows from application code (revocation, sweeps), in the order given, in one statement. */
export async function appendAudit(tx: Queryable, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await tx.query(
    `with recursive audit_entries as (
       select * from json_to_recordset($1::json) as e (${AUDIT_ENTRY_COLUMNS})),
     ${auditAppendCtes('audit_entries')}
     select count(*) from audit_head_update`,
    [JSON.stringify(entries.map(auditEntryRecord))],
  );
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

/** Where each chain goes on after the archived months: its last archived row. */
async function archivedChainHeads(db: Queryable, organizationId?: string) {
  const rows = await db.query<{
    organization_id: string;
    shard: number;
    last_seq: string;
    last_hash: string;
  }>(
    `select distinct on (h.organization_id, h.shard) h.organization_id, h.shard, h.last_seq, h.last_hash
       from audit_month_heads h join audit_months m on m.month = h.month
      where m.archived_at is not null ${organizationId ? 'and h.organization_id = $1' : ''}
      order by h.organization_id, h.shard, h.month desc`,
    organizationId ? [organizationId] : [],
  );
  return new Map(
    rows.map((row) => [
      `${row.organization_id}/${row.shard}`,
      { seq: Number(row.last_seq), hash: row.last_hash },
    ]),
  );
}

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
  // A chain whose first months were archived goes on from its last archived row.
  const archived = await archivedChainHeads(ctx.db, organizationId);
  const lastOfChain = new Map<string, { seq: number; hash: string; token_id?: string }>(archived);
  let previous: AuditRow | undefined;
  for (const row of rows) {
    const isNewChain =
      !previous || previous.organization_id !== row.organization_id || previous.shard !== row.shard;
    const start = archived.get(`${row.organization_id}/${row.shard}`);
    const expectedSeq = isNewChain ? (start?.seq ?? 0) + 1 : Number(previous!.seq) + 1;
    const expectedPrev = isNewChain ? (start?.hash ?? GENESIS_HASH) : previous!.hash;
    if (Number(row.seq) !== expectedSeq) return report(row, 'a row is missing before this one');
    if (row.prev_hash !== expectedPrev)
      return report(row, 'prev_hash does not match the previous row');
    if (chainHash(row.prev_hash, row) !== row.hash)
      return report(row, 'the row was changed after it was written');
    lastOfChain.set(`${row.organization_id}/${row.shard}`, {
      seq: Number(row.seq),
      hash: row.hash,
      token_id: row.token_id,
    });
    previous = row;
  }
  // A deleted tail shows as a head that points past the chain's last row.
  for (const head of heads) {
    const last = lastOfChain.get(`${head.organization_id}/${head.shard}`);
    if (Number(head.last_seq) !== (last?.seq ?? 0) || (last && last.hash !== head.last_hash)) {
      return report(
        { ...head, seq: last?.seq ?? head.last_seq, token_id: last?.token_id ?? '' },
        'rows after this one were removed',
      );
    }
  }
  return { status: 'ok', rows: rows.length, chains: heads.length };
}
