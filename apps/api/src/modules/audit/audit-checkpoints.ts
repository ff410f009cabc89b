import { createHash } from 'node:crypto';
import type { AuditKeySet, AuditLeaf } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { auditLogOrigin } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { type NoteSigner, parseNoteSigner, signNote } from '../../lib/note-signer.ts';
import type { AuditRow } from './audit.service.ts';
import { appendLeafHashes, consistencyProof, leafHashOf, rootHash } from './audit-tree.ts';

/*
 * Signed checkpoints of the audit log (decision 009). A background job appends the audit rows
 * committed since its last pass to one Merkle tree, from the rows already written (the /v1 hot
 * path does nothing more), and signs a checkpoint of the tree.
 */

/**
 * Chains and rows read per pass: each pass is one short transaction (on PGlite, whose one
 * connection every request shares, a few milliseconds), and other work runs between passes.
 */
const CHAINS_PER_PASS = 20;
const ROWS_PER_PASS = 500;
/** Passes per run: a run appends at most this many times ROWS_PER_PASS; the next run goes on. */
const MAX_PASSES = 100;

/** An audit row as the tree reads it (its previous hash is not part of the leaf). */
export type AuditLogRow = Omit<AuditRow, 'prev_hash'>;

export const AUDIT_ROW_COLUMNS = `a.organization_id, a.shard, a.seq, a.token_id, a.action,
  a.actor_organization_id, a.actor, a.fields, a.reason, a.created_at, a.hash`;

/** A row's leaf: JSON with the keys in this fixed order (the bytes are what the tree hashes). */
export function auditLeafBytes(row: AuditLogRow): Buffer {
  const leaf: AuditLeaf = {
    v: 1,
    organization_id: row.organization_id,
    shard: Number(row.shard),
    seq: Number(row.seq),
    token_id: row.token_id,
    action: row.action,
    actor_organization_id: row.actor_organization_id,
    actor: row.actor,
    fields: row.fields,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
    chain_hash: row.hash,
  };
  return Buffer.from(JSON.stringify(leaf), 'utf8');
}

const NEW_ROWS_SQL = `with chains as (
    select h.organization_id, h.shard, coalesce(c.last_seq, 0) as from_seq
      from audit_chain_heads h
      left join audit_tree_cursors c on c.organization_id = h.organization_id and c.shard = h.shard
     where h.last_seq > coalesce(c.last_seq, 0)
     order by h.organization_id, h.shard
     limit ${CHAINS_PER_PASS})
  select ${AUDIT_ROW_COLUMNS}
    from chains ch
    cross join lateral (
      select * from audit_log a
       where a.organization_id = ch.organization_id and a.shard = ch.shard and a.seq > ch.from_seq
       order by a.seq limit ${ROWS_PER_PASS}) a
   order by a.organization_id, a.shard, a.seq
   limit ${ROWS_PER_PASS}`;

const lockTree = async (tx: Queryable) =>
  Number(
    (
      await tx.query<{ tree_size: string | number }>(
        'select tree_size from audit_tree_state where singleton for update',
      )
    )[0]!.tree_size,
  );

/**
 * One pass: appends up to ROWS_PER_PASS new rows, each chain's in sequence order, and records
 * which leaves they became. A chain's rows are numbered under the lock of its head, so they
 * commit in number order: reading past the chain's cursor can skip none.
 */
async function appendPass(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const size = await lockTree(tx);
    const rows = await tx.query<AuditLogRow>(NEW_ROWS_SQL);
    if (rows.length === 0) return 0;
    await appendLeafHashes(
      tx,
      size,
      rows.map((row) => leafHashOf(auditLeafBytes(row))),
    );
    const ranges: Array<{
      organization_id: string;
      shard: number;
      first_seq: number;
      last_seq: number;
      first_leaf: number;
    }> = [];
    rows.forEach((row, i) => {
      const last = ranges.at(-1);
      if (last && last.organization_id === row.organization_id && last.shard === row.shard) {
        last.last_seq = Number(row.seq);
      } else {
        const seq = Number(row.seq);
        ranges.push({
          organization_id: row.organization_id,
          shard: row.shard,
          first_seq: seq,
          last_seq: seq,
          first_leaf: size + i,
        });
      }
    });
    await tx.query(
      `with ranges as (
         select * from json_to_recordset($1::json)
           as r (organization_id uuid, shard int, first_seq bigint, last_seq bigint, first_leaf bigint)),
       stored as (
         insert into audit_tree_ranges (organization_id, shard, first_seq, last_seq, first_leaf)
         select organization_id, shard, first_seq, last_seq, first_leaf from ranges)
       insert into audit_tree_cursors (organization_id, shard, last_seq)
       select organization_id, shard, last_seq from ranges
       on conflict (organization_id, shard) do update set last_seq = excluded.last_seq`,
      [JSON.stringify(ranges)],
    );
    await tx.query('update audit_tree_state set tree_size = $1 where singleton', [
      size + rows.length,
    ]);
    return rows.length;
  });
}

/** Appends every audit row committed since the last run (up to MAX_PASSES passes). */
export async function appendNewAuditRows(ctx: AppContext): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const appended = await appendPass(ctx);
    total += appended;
    if (appended < ROWS_PER_PASS) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

export interface CheckpointRow {
  id: number;
  tree_size: number;
  note: string;
}

const CHECKPOINT_COLUMNS = 'id, tree_size, note';
const asCheckpoint = (row: { id: unknown; tree_size: unknown; note: string }): CheckpointRow => ({
  id: Number(row.id),
  tree_size: Number(row.tree_size),
  note: row.note,
});

export const currentSigner = (ctx: AppContext): NoteSigner =>
  parseNoteSigner(ctx.config.auditSigningKey);

/** RFC 7638 thumbprint of an Ed25519 JWK: the `kid` of the published key. */
function thumbprintOf(publicKey: Buffer): string {
  const x = publicKey.toString('base64url');
  return createHash('sha256')
    .update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`)
    .digest('base64url');
}

/**
 * Signs a checkpoint of the whole tree unless the latest one already has its size. Its extension
 * lines number it, date it and name the previous checkpoint by the hash of its signed note, so
 * a run of checkpoints cannot be reordered or thinned without breaking a link.
 */
export async function signCheckpoint(ctx: AppContext): Promise<CheckpointRow> {
  const signer = currentSigner(ctx);
  return ctx.db.transaction(async (tx) => {
    const size = await lockTree(tx);
    const [latest] = await tx.query<CheckpointRow>(
      `select ${CHECKPOINT_COLUMNS} from audit_checkpoints order by id desc limit 1`,
    );
    if (latest && Number(latest.tree_size) === size) return asCheckpoint(latest);
    const root = await rootHash(tx, size);
    const id = latest ? Number(latest.id) + 1 : 1;
    // The log keeps the origin of its first checkpoint, whatever PUBLIC_URL becomes.
    const origin = latest
      ? latest.note.slice(0, latest.note.indexOf('\n'))
      : auditLogOrigin(ctx.config.publicUrl);
    const now = ctx.clock.now();
    const previous = latest
      ? `previous ${latest.id} ${createHash('sha256').update(latest.note, 'utf8').digest('base64')}\n`
      : '';
    const body = `${origin}\n${size}\n${root.toString('base64')}\ncheckpoint ${id}\ntime ${now.toISOString()}\n${previous}`;
    const note = signNote(body, signer);
    const kid = thumbprintOf(signer.publicKey);
    await tx.query(
      `with key as (
         insert into audit_signing_keys (key_id, note_verifier, public_key, first_used_at)
         values ($5, $6, $7, $4) on conflict (key_id) do nothing)
       insert into audit_checkpoints (id, tree_size, root_hash, key_id, note, created_at)
       values ($1, $2, decode($3, 'hex'), $5, $8, $4)`,
      [
        id,
        size,
        root.toString('hex'),
        now,
        kid,
        signer.verifier,
        signer.publicKey.toString('base64url'),
        note,
      ],
    );
    return { id, tree_size: size, note };
  });
}

/** One run of the job (and the operator's "checkpoint now"): append, then sign. */
export async function runAuditCheckpoint(ctx: AppContext) {
  const appended = await appendNewAuditRows(ctx);
  const checkpoint = await signCheckpoint(ctx);
  return { appended, checkpoint };
}

/** The job runs in one process at a time across all of them (lib/jobs.ts). */
export function registerAuditCheckpoints(ctx: AppContext) {
  ctx.jobs.register({
    name: 'audit checkpoints',
    everyMs: ctx.config.auditCheckpointSeconds * 1000,
    run: () => runAuditCheckpoint(ctx),
  });
}

export async function latestCheckpoint(db: Queryable): Promise<CheckpointRow | undefined> {
  const [row] = await db.query<CheckpointRow>(
    `select ${CHECKPOINT_COLUMNS} from audit_checkpoints order by id desc limit 1`,
  );
  return row && asCheckpoint(row);
}

export async function checkpointById(
  db: Queryable,
  id: number,
): Promise<CheckpointRow | undefined> {
  const [row] = await db.query<CheckpointRow>(
    `select ${CHECKPOINT_COLUMNS} from audit_checkpoints where id = $1`,
    [id],
  );
  return row && asCheckpoint(row);
}

/**
 * The consistency proof between two sizes, both of them sizes of signed checkpoints (proofs
 * are only offered between trees the log has signed). Undefined when either is not one.
 */
export async function consistencyBetween(db: Queryable, from: number, to: number) {
  const rows = await db.query<{ tree_size: string | number }>(
    'select distinct tree_size from audit_checkpoints where tree_size = any($1::bigint[])',
    [[from, to]],
  );
  const sizes = new Set(rows.map((row) => Number(row.tree_size)));
  if (!sizes.has(from) || !sizes.has(to) || from > to) return undefined;
  const proof = await consistencyProof(db, from, to);
  return { from_size: from, to_size: to, proof: proof.map((hash) => hash.toString('base64')) };
}

/** Every key that ever signed a checkpoint, and the current one (even before its first use). */
export async function auditKeySet(ctx: AppContext): Promise<AuditKeySet> {
  const signer = currentSigner(ctx);
  const [first] = await ctx.db.query<{ note: string }>(
    'select note from audit_checkpoints where id = 1',
  );
  const used = await ctx.db.query<{ note_verifier: string; public_key: string }>(
    'select note_verifier, public_key from audit_signing_keys order by first_used_at desc',
  );
  const keys = [
    { note_verifier: signer.verifier, public_key: signer.publicKey.toString('base64url') },
    ...used.filter((key) => key.note_verifier !== signer.verifier),
  ];
  return {
    origin: first
      ? first.note.slice(0, first.note.indexOf('\n'))
      : auditLogOrigin(ctx.config.publicUrl),
    keys: keys.map((key) => ({
      kty: 'OKP' as const,
      crv: 'Ed25519' as const,
      x: key.public_key,
      kid: thumbprintOf(Buffer.from(key.public_key, 'base64url')),
      use: 'sig' as const,
      alg: 'EdDSA' as const,
      note_verifier: key.note_verifier,
    })),
  };
}
