import type { AppContext } from '../../app-context.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { type KeyRing, seal, unseal } from '../../lib/key-ring.ts';
import { openContent, readSealedContent, sealContent } from '../documents/index.ts';
import { DEV_SIGNING_KEY_ID } from '../identity/index.ts';

/** A column of sealed values: its table, key, how to name a row and the associated data. */
interface SealedColumn {
  name: string;
  table: string;
  column: string;
  /** The columns that identify a row (compared in the update, with the old value). */
  id: string[];
  ring: (ctx: AppContext) => KeyRing;
  aad: (row: Record<string, string>) => string;
}

const COLUMNS: SealedColumn[] = [
  {
    name: 'client_secrets',
    table: 'organizations',
    column: 'client_secret_encrypted',
    id: ['id'],
    ring: (ctx) => ctx.keys.clientSecret,
    aad: (row) => row.id!,
  },
  {
    name: 'webhook_secrets',
    table: 'notification_preferences',
    column: 'secret_encrypted',
    id: ['id'],
    ring: (ctx) => ctx.keys.webhookSecret,
    aad: (row) => row.id!,
  },
  ...['two_factor_secret_encrypted', 'two_factor_pending_secret_encrypted'].map((column) => ({
    name: 'two_factor_secrets',
    table: 'users',
    column,
    id: ['id'],
    ring: (ctx: AppContext) => ctx.keys.twoFactorSecret,
    aad: (row: Record<string, string>) => `totp:${row.id}`,
  })),
  {
    name: 'document_names',
    table: 'documents',
    column: 'name_encrypted',
    id: ['id'],
    ring: (ctx) => ctx.keys.documents,
    aad: (row) => `document-name:${row.id}`,
  },
  {
    name: 'identity_provider_records',
    table: 'dev_identity_provider_records',
    column: 'sealed_payload',
    id: ['model', 'id'],
    ring: (ctx) => ctx.keys.devIdentity,
    aad: (row) => `${row.model}:${row.id}`,
  },
  {
    name: 'identity_provider_keys',
    table: 'dev_identity_provider_keys',
    column: 'sealed_jwk',
    id: ['kid'],
    ring: (ctx) => ctx.keys.devIdentity,
    aad: () => DEV_SIGNING_KEY_ID,
  },
];

export interface ResealReport {
  /** Values re-sealed under the current TOKEN_PEPPER, per kind. */
  resealed: Record<string, number>;
}

/**
 * `npm run secrets:reseal`: re-seals everything sealed under a previous TOKEN_PEPPER with the
 * current one (rows, the client secrets' lookup hashes, document files), so the previous pepper
 * is no longer needed to open anything. Idempotent; rows already under the current key are left
 * alone, and a row changed meanwhile is skipped (its new value is under the current key anyway).
 */
export async function resealSecrets(ctx: AppContext): Promise<ResealReport> {
  const resealed: Record<string, number> = {};
  for (const spec of COLUMNS) {
    resealed[spec.name] = (resealed[spec.name] ?? 0) + (await resealColumn(ctx, spec));
  }
  resealed.client_secret_hashes = await rehashClientSecrets(ctx);
  resealed.document_files = await resealDocumentFiles(ctx);
  return { resealed };
}

async function resealColumn(ctx: AppContext, spec: SealedColumn): Promise<number> {
  const ring = spec.ring(ctx);
  const rows = await ctx.db.query<Record<string, string>>(
    `select ${[...spec.id, spec.column].join(', ')} from ${spec.table}
      where ${spec.column} is not null and not starts_with(${spec.column}, $1)`,
    [`${ring.current.id}:`],
  );
  let count = 0;
  for (const row of rows) {
    const old = row[spec.column]!;
    const value = seal(ring, unseal(ring, old, spec.aad(row)), spec.aad(row));
    const where = spec.id.map((column, index) => `${column} = $${index + 3}`).join(' and ');
    const updated = await ctx.db.query(
      `update ${spec.table} set ${spec.column} = $1
        where ${spec.column} = $2 and ${where} returning 1`,
      [value, old, ...spec.id.map((column) => row[column])],
    );
    count += updated.length;
  }
  return count;
}

/** The client secrets are sealed, so their lookup hashes can move to the current pepper too. */
async function rehashClientSecrets(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.query<{
    id: string;
    client_secret_encrypted: string;
    client_secret_hash: string;
  }>('select id, client_secret_encrypted, client_secret_hash from organizations');
  let count = 0;
  for (const row of rows) {
    const secret = unseal(ctx.keys.clientSecret, row.client_secret_encrypted, row.id).toString();
    const hash = hmacSha256(ctx.keys.pepper, secret);
    if (hash === row.client_secret_hash) continue;
    const updated = await ctx.db.query(
      `update organizations set client_secret_hash = $1
        where id = $2 and client_secret_encrypted = $3 returning 1`,
      [hash, row.id, row.client_secret_encrypted],
    );
    count += updated.length;
  }
  return count;
}

/**
 * Document contents sealed under a previous pepper, re-sealed under the current one. One document
 * at a time (each may be 10 MB); a content replaced meanwhile is left (it is under the current key).
 */
async function resealDocumentFiles(ctx: AppContext): Promise<number> {
  if (ctx.keys.documents.all.length === 1) return 0;
  const rows = await ctx.db.query<{ id: string }>('select document_id as id from document_files');
  let count = 0;
  for (const { id } of rows) {
    const sealed = await readSealedContent(ctx.db, id);
    if (!sealed) continue;
    const { plaintext, version } = openContent(ctx, id, sealed);
    if (version === ctx.keys.documents.current) continue;
    const updated = await ctx.db.query(
      'update document_files set content = $2 where document_id = $1 and content = $3 returning 1',
      [id, sealContent(ctx, id, plaintext), sealed],
    );
    count += updated.length;
  }
  return count;
}
