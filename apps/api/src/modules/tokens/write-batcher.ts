import { CODE_MAX_LIFETIME_SECONDS } from '@tanqin/shared';
import type { Database, Queryable } from '../../db/database.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { auditAppendCtes } from '../audit/index.ts';
import {
  BILLED_CALL_COLUMNS,
  type BilledCall,
  billedCallRecord,
  billingCtes,
  KEY_USE_FIRSTS_SQL,
  type KeyUseFirsts,
  type KeyUseFlags,
  keyUseFlags,
  NOT_BILLED_FLAGS,
  unknownKeyUses,
} from '../wallet/index.ts';
import { activeCodeCountCte } from './active-codes.ts';

/** A code to store, sealed and hashed by the caller. */
export interface NewToken {
  id: string;
  organizationId: string;
  audienceOrganizationId: string;
  apiKeyId: string | null;
  codeHash: string;
  ciphertext: string;
  dataFields: string[];
  dataScope: string[];
  auditShard: number;
  subjectHash: string | null;
  subjectRef: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Issued with a test-mode key: only test-mode verifies find it. */
  isTest: boolean;
  /** The code's last characters, for the verification receipt. */
  codeTail: string;
}

/** Who acts on a code, as its audit row names them. */
export interface TokenActor {
  organizationId: string;
  actor: string;
}

/** A code a verify found. */
export interface VerifyTarget {
  id: string;
  organization_id: string;
  ciphertext: string | null;
  data_scope: string[];
  issuer_name: string;
  issuer_client_id: string;
}

type TokenWrite =
  | { kind: 'generate'; token: NewToken; by: TokenActor; bill: BilledCall }
  | {
      kind: 'verify';
      codeHash: string;
      by: TokenActor;
      at: Date;
      bill: BilledCall;
      /** A test-mode caller: it finds test codes only, a live one live codes only. */
      isTest: boolean;
      /** Only codes made after this are looked at (the months a live code can be from). */
      since: Date | null;
    }
  | { kind: 'bill'; bill: BilledCall };

/**
 * What a verify found: nothing; a code it consumed (billed); or a code it could not use, with the
 * reason its failed-use audit row gives (`wrong_audience`, `token_used`, `token_expired`,
 * `subject_locked`: the person it names locked their national id, ...).
 */
export type VerifyOutcome =
  | { found: false }
  | { found: true; target: VerifyTarget; consumed: true; flags: KeyUseFlags }
  | { found: true; target: VerifyTarget; consumed: false; reason: string };

type TokenWriteOutcome = KeyUseFlags | VerifyOutcome;

/**
 * The whole batch as one statement, so it costs one round trip and commits with it. In lock
 * order: the codes the verifies name (each verify decided in arrival order: the first usable
 * one of a code consumes it, later ones find it used), the audit chain heads, the active-code
 * counts, the usage roll-ups. Every writer of these rows takes them in this order (the codes in
 * the order of their lookup hash).
 *
 * The statement is planned once per connection and that plan is kept until the table's
 * statistics change: a plan made while `tokens` was young (never analysed: autovacuum late, or
 * off) saw ten pages and read the codes with a whole-table scan per batch, twice (1.1 ms of
 * database CPU per verify at 24,000 codes, against 0.2 ms). So a verify finds each code through
 * a per-code lateral look-up, and the consume joins on `id = any(array[...])`, which no hash or
 * merge join can use: with one scan per code, the index is cheaper at any table size
 * (docs/decisions/006-group-commit.md, "Fourth round").
 *
 * A batch of generates only, or of verifies only, gets a statement without the other kind's
 * CTEs: each execution sets up and tears down every node of its plan, a fixed cost per batch
 * that the parts of a kind absent from it would only add to ("Fifth round").
 */
function batchSql(has: { generates: boolean; verifies: boolean }): string {
  let count = 0;
  const param = () => `$${++count}`;
  const generated = has.generates
    ? `generated as (
    select * from json_to_recordset(${param()}::json) as g (ord int, id text, organization_id uuid,
      audience_organization_id uuid, api_key_id uuid, code_hash text, ciphertext text, data_fields text[],
      data_scope text[], audit_shard int, subject_hash text, subject_ref text, created_at timestamptz,
      expires_at timestamptz, actor_organization_id uuid, actor text, is_test boolean, code_tail text)),`
    : '';
  const verified = has.verifies
    ? `verifies as (
    select * from json_to_recordset(${param()}::json) as v (ord int, code_hash text, organization_id uuid,
      actor text, at timestamptz, is_test boolean)),
  verify_target as materialized (
    select t.*
      from (select code_hash, min(since) as since
              from unnest(${param()}::text[], ${param()}::timestamptz[]) as c (code_hash, since)
             group by code_hash order by code_hash) c,
           lateral (select t.id, t.created_at, t.code_hash, t.organization_id, t.audience_organization_id,
                           t.ciphertext, t.status, t.expires_at, t.data_fields, t.data_scope, t.audit_shard,
                           t.is_test,
                           -- The lock covers every code (issue 32.2): read in this statement, so a
                           -- code naming a locked id is refused in the same step that would use it.
                           t.subject_hash is not null and exists (
                             select 1 from users u
                              where u.national_id_hash = t.subject_hash and u.identity_locked_at is not null
                                and u.identity_proven_at is not null) as subject_locked
                      from tokens t
                     where t.code_hash = c.code_hash and t.created_at > c.since
                       for update) t),
  verify_usable as (
    select v.ord, v.organization_id as caller_id, v.actor, v.at, t.*,
           t.audience_organization_id = v.organization_id and t.status = 'active' and t.expires_at > v.at
             and t.ciphertext is not null and not t.subject_locked as is_usable
      from verifies v join verify_target t on t.code_hash = v.code_hash and t.is_test = v.is_test),
  verify_ranked as (
    select u.*, u.is_usable and row_number() over (partition by u.id, u.is_usable order by u.ord) = 1
             as consumes
      from verify_usable u),
  verify_outcome as materialized (
    select r.*, case when r.consumes then null
                     when r.audience_organization_id <> r.caller_id then 'wrong_audience'
                     when r.status = 'active' and r.expires_at <= r.at then 'token_expired'
                     when r.status = 'active' and r.subject_locked then 'subject_locked'
                     when r.status = 'active' then 'token_used'
                     else 'token_' || r.status end as reason
      from verify_ranked r),`
    : '';
  const either = (parts: [boolean, string][]) =>
    parts
      .filter(([present]) => present)
      .map(([, sql]) => sql)
      .join('\n    union all\n    ');
  const bills = param();
  return `with recursive
  ${generated}
  ${verified}
  batch_audit as (
    ${either([
      [
        has.generates,
        `select ord, organization_id, audit_shard as shard, id as token_id, 'issue' as action,
           actor_organization_id, actor, data_fields as fields, null::text as reason, created_at
      from generated`,
      ],
      [
        has.verifies,
        `select ord, organization_id, audit_shard as shard, id as token_id,
           case when consumes then 'use' else 'failed_use' end as action, caller_id as actor_organization_id,
           actor, case when consumes then data_fields else '{}'::text[] end as fields, reason, at as created_at
      from verify_outcome`,
      ],
    ])}),
  ${auditAppendCtes('batch_audit')},
  ${
    has.generates
      ? `token_insert as (
    insert into tokens (id, organization_id, audience_organization_id, api_key_id, code_hash, ciphertext,
      data_fields, data_scope, audit_shard, subject_hash, subject_ref, created_at, expires_at, is_test,
      code_tail)
    select id, organization_id, audience_organization_id, api_key_id, code_hash, ciphertext, data_fields,
           data_scope, audit_shard, subject_hash, subject_ref, created_at, expires_at, is_test, code_tail
      from generated),`
      : ''
  }
  ${
    has.verifies
      ? `token_consume as (
    update tokens t set status = 'used', used_at = o.at, used_by_organization_id = o.caller_id,
           ciphertext = null
      from verify_outcome o
     where t.id = any(array[o.id]) and t.created_at = o.created_at and o.consumes),`
      : ''
  }
  active_code_changes as (
    ${either([
      [
        has.generates,
        'select organization_id, expires_at, 1 as delta from generated where not is_test',
      ],
      [
        has.verifies,
        'select organization_id, expires_at, -1 as delta from verify_outcome where consumes and not is_test',
      ],
    ])}),
  ${activeCodeCountCte('active_code_changes', 'audit_head_update')},
  batch_bills as (
    select b.* from json_to_recordset(${bills}::json) as b (verify_ord int, ${BILLED_CALL_COLUMNS})
     where b.verify_ord is null${has.verifies ? '\n        or exists (select 1 from verify_outcome o where o.ord = b.verify_ord and o.consumes)' : ''}),
  ${billingCtes('batch_bills', { keys: `${param()}::uuid[]`, addresses: `${param()}::json` }, 'active_code_change')}
select ${
    has.verifies
      ? `(select coalesce(json_agg(json_build_object('ord', o.ord, 'consumes', o.consumes, 'reason', o.reason,
          'id', o.id, 'organization_id', o.organization_id, 'ciphertext', o.ciphertext,
          'data_scope', o.data_scope, 'issuer_name', i.name, 'issuer_client_id', i.client_id)), '[]')
          from verify_outcome o join organizations i on i.id = o.organization_id)`
      : `'[]'::json`
  } as verified,
       ${KEY_USE_FIRSTS_SQL}`;
}

/**
 * The statements by what a batch holds: generates, verifies or both. A batch of billed status
 * reads alone takes the generates' statement, with no generates.
 */
const BATCH_SQL = {
  generates: batchSql({ generates: true, verifies: false }),
  verifies: batchSql({ generates: false, verifies: true }),
  both: batchSql({ generates: true, verifies: true }),
};

interface BatchResult extends KeyUseFirsts {
  verified: (VerifyTarget & { ord: number; consumes: boolean; reason: string | null })[];
}

async function writeTokenBatch(db: Queryable, ops: TokenWrite[]): Promise<TokenWriteOutcome[]> {
  const generated = [];
  const verifies = [];
  const verifySince: (Date | null)[] = [];
  const bills = [];
  for (const [ord, op] of ops.entries()) {
    if (op.kind === 'generate') {
      const t = op.token;
      generated.push({
        ord,
        id: t.id,
        organization_id: t.organizationId,
        audience_organization_id: t.audienceOrganizationId,
        api_key_id: t.apiKeyId,
        code_hash: t.codeHash,
        ciphertext: t.ciphertext,
        data_fields: t.dataFields,
        data_scope: t.dataScope,
        audit_shard: t.auditShard,
        subject_hash: t.subjectHash,
        subject_ref: t.subjectRef,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
        is_test: t.isTest,
        code_tail: t.codeTail,
        actor_organization_id: op.by.organizationId,
        actor: op.by.actor,
      });
    } else if (op.kind === 'verify') {
      verifySince.push(op.since);
      verifies.push({
        ord,
        code_hash: op.codeHash,
        organization_id: op.by.organizationId,
        actor: op.by.actor,
        at: op.at,
        is_test: op.isTest,
      });
    }
    if (op.bill.isBilled) {
      bills.push({ verify_ord: op.kind === 'verify' ? ord : null, ...billedCallRecord(op.bill) });
    }
  }
  const unknown = unknownKeyUses(ops.map((op) => op.bill).filter((bill) => bill.isBilled));
  const has = {
    generates: generated.length > 0 || verifies.length === 0,
    verifies: verifies.length > 0,
  };
  const sql = has.verifies
    ? has.generates
      ? BATCH_SQL.both
      : BATCH_SQL.verifies
    : BATCH_SQL.generates;
  const [result] = await db.query<BatchResult>(sql, [
    ...(has.generates ? [JSON.stringify(generated)] : []),
    ...(has.verifies
      ? [
          JSON.stringify(verifies),
          verifies.map((v) => v.code_hash),
          verifySince.map((since) => since?.toISOString() ?? '-infinity'),
        ]
      : []),
    JSON.stringify(bills),
    unknown.keys,
    unknown.addresses,
  ]);
  const verified = new Map(result!.verified.map((v) => [v.ord, v]));
  const isBilled = (op: TokenWrite, ord: number) =>
    op.bill.isBilled && (op.kind !== 'verify' || verified.get(ord)?.consumes === true);
  const billed = ops.filter(isBilled);
  const flags = keyUseFlags(
    billed.map((op) => op.bill),
    result!,
  );
  const flagsOf = new Map(billed.map((op, index) => [op, flags[index]!]));
  return ops.map((op, ord): TokenWriteOutcome => {
    if (op.kind !== 'verify') return flagsOf.get(op) ?? NOT_BILLED_FLAGS;
    const found = verified.get(ord);
    if (!found) return { found: false };
    const target: VerifyTarget = {
      id: found.id,
      organization_id: found.organization_id,
      ciphertext: found.ciphertext,
      data_scope: found.data_scope,
      issuer_name: found.issuer_name,
      issuer_client_id: found.issuer_client_id,
    };
    return found.consumes
      ? { found: true, target, consumed: true, flags: flagsOf.get(op) ?? NOT_BILLED_FLAGS }
      : { found: true, target, consumed: false, reason: found.reason! };
  });
}

const batchers = new WeakMap<Database, GroupCommit<TokenWrite, TokenWriteOutcome>>();

function tokenWrites(db: Database) {
  let batcher = batchers.get(db);
  if (!batcher) {
    // One batch at a time, on PostgreSQL too: a second batch in flight waited at the rows the
    // two share (an organisation's chain heads and roll-ups), and two at once cost the database
    // a third more CPU per call than one at a time (decision 006, "One batch in flight").
    batcher = new GroupCommit(db, writeTokenBatch, {
      maxInFlight: 1,
      maxBatch: 500,
      name: 'token writes',
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/** Stores a new code with its audit row and its bill; resolves once committed. */
export async function writeNewToken(
  db: Database,
  token: NewToken,
  by: TokenActor,
  bill: BilledCall,
): Promise<KeyUseFlags> {
  return (await tokenWrites(db).submit({ kind: 'generate', token, by, bill })) as KeyUseFlags;
}

/**
 * How far back a verify looks first: a code older than its longest lifetime cannot be used, and
 * the margin covers clocks of server processes that disagree.
 */
const LIVE_CODE_WINDOW_MS = (CODE_MAX_LIFETIME_SECONDS + 3600) * 1000;

/**
 * Consumes the code with this lookup hash for `by` (its audience) when it is active: the code
 * is marked used, its ciphertext deleted, the use audited and billed. A code found but not
 * usable gets a failed-use audit row and no bill. Resolves once committed.
 *
 * The codes are partitioned by month, and the lookup hash is unique only by its 80 random bits
 * (migration 0123), so a verify reads the months a live code can be from; only a code not found
 * there (a guess, or an old code, which must still answer expired or used) is looked for in
 * every month, in a second batch. A code not found writes nothing, so asking again is safe.
 */
export async function writeVerify(
  db: Database,
  codeHash: string,
  by: TokenActor,
  at: Date,
  bill: BilledCall,
  isTest: boolean,
): Promise<VerifyOutcome> {
  const verify = async (since: Date | null) =>
    (await tokenWrites(db).submit({
      kind: 'verify',
      codeHash,
      by,
      at,
      bill,
      isTest,
      since,
    })) as VerifyOutcome;
  const outcome = await verify(new Date(at.getTime() - LIVE_CODE_WINDOW_MS));
  return outcome.found ? outcome : verify(null);
}

/** Bills one call that writes nothing else (a status read); resolves once committed. */
export async function writeBill(db: Database, bill: BilledCall): Promise<KeyUseFlags> {
  if (!bill.isBilled) return NOT_BILLED_FLAGS;
  return (await tokenWrites(db).submit({ kind: 'bill', bill })) as KeyUseFlags;
}
