import {
  fieldLabelList,
  type Language,
  PERSONAL_CODES_CSV_COLUMNS,
  type PersonalCode,
  type PersonalCodeBodyRole,
  type PersonalCodeTrailAction,
  type PersonalCodeTrailEntry,
  type TokenStatus,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvFile } from '../../lib/csv.ts';
import type { CodeAuditAction } from '../audit/index.ts';
import { effectiveStatus, revokeLockedToken } from '../tokens/index.ts';

interface CodeRow {
  id: string;
  status: TokenStatus;
  data_fields: string[];
  data_scope: string[];
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  misuse_reported_at: Date | null;
  /** The purpose of the verification request the code answered. */
  purpose: string | null;
  issuer_name: string;
  issuer_type: 'government' | 'private';
  audience_name: string;
  used_by_name: string | null;
  /** created_at to the microsecond, for the cursor (a JS Date keeps only milliseconds). */
  cursor_at: string;
}

interface TrailRow {
  token_id: string;
  action: CodeAuditAction;
  created_at: Date;
  fields: string[];
  reason: string | null;
  actor: string | null;
  organization_name: string | null;
}

const TRAIL_ACTION: Record<CodeAuditAction, PersonalCodeTrailAction> = {
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
    select id as token_id from tokens where subject_hash = $1 and not is_test
    union
    select token_id from individual_code_links where user_id = $2)`;

async function subjectHashOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.query<{ national_id_hash: string | null }>(
    'select national_id_hash from users where id = $1',
    [userId],
  );
  return row?.national_id_hash ?? null;
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

/** The position after the last code of a page: its issue instant and id, opaque to the caller. */
function encodeCursor(row: CodeRow) {
  return Buffer.from(`${row.cursor_at}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (Number.isNaN(new Date(at).getTime()) || !/^tok_[A-Za-z0-9_-]{1,64}$/.test(id)) {
    throw new AppError('bad_request', 'The cursor is not one this API gave out');
  }
  return { at, id };
}

/** `%` and `_` typed by the person are letters, not wildcards. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

export interface PersonalCodeFilters {
  status?: TokenStatus;
  body?: string;
  body_role?: PersonalCodeBodyRole;
  from?: Date;
  to?: Date;
}

interface Page {
  tokenId?: string;
  cursor?: string;
  limit: number;
}

/**
 * The person's codes, newest first, one page. Keyset paging on (created_at, id): a page starts
 * after the last code of the one before, so codes issued meanwhile never shift it.
 */
async function codeRows(
  db: Queryable,
  userId: string,
  now: Date,
  filters: PersonalCodeFilters,
  page: Page,
) {
  const p = new SqlParams();
  const mine = `mine as (
    select id as token_id from tokens where subject_hash = ${p.add(await subjectHashOf(db, userId), 'text')}
    union
    select token_id from individual_code_links where user_id = ${p.add(userId, 'uuid')})`;
  const where: string[] = [];
  if (page.tokenId) where.push(`t.id = ${p.add(page.tokenId, 'text')}`);
  if (filters.status) {
    // As shown: an active code past its expiry counts as expired.
    if (filters.status === 'active') {
      where.push(`t.status = 'active' and t.expires_at > ${p.add(now, 'timestamptz')}`);
    } else if (filters.status === 'expired') {
      const at = p.add(now, 'timestamptz');
      where.push(`(t.status = 'expired' or (t.status = 'active' and t.expires_at <= ${at}))`);
    } else where.push(`t.status = ${p.add(filters.status, 'text')}`);
  }
  if (filters.body) {
    const like = p.add(likePattern(filters.body), 'text');
    const role = filters.body_role ?? 'any';
    const names = [
      ...(role === 'verifier' ? [] : ['io.name']),
      ...(role === 'issuer' ? [] : ['ao.name', 'uo.name']),
    ];
    where.push(`(${names.map((name) => `${name} ilike ${like}`).join(' or ')})`);
  }
  if (filters.from) where.push(`t.created_at >= ${p.add(filters.from, 'timestamptz')}`);
  if (filters.to) where.push(`t.created_at < ${p.add(filters.to, 'timestamptz')}`);
  if (page.cursor) {
    const after = decodeCursor(page.cursor);
    where.push(
      `(t.created_at, t.id) < (${p.add(after.at, 'timestamptz')}, ${p.add(after.id, 'text')})`,
    );
  }
  const rows = await db.query<CodeRow>(
    `with ${mine}
     select t.id, t.status, t.data_fields, t.data_scope, t.created_at, t.expires_at, t.used_at, t.revoked_at,
            mr.reported_at as misuse_reported_at, vr.purpose,
            io.name as issuer_name, io.type as issuer_type, ao.name as audience_name, uo.name as used_by_name,
            to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
       from mine
       join tokens t on t.id = mine.token_id
       join organizations io on io.id = t.organization_id
       join organizations ao on ao.id = t.audience_organization_id
       left join organizations uo on uo.id = t.used_by_organization_id
       left join misuse_reports mr on mr.token_id = t.id
       left join verification_requests vr on vr.token_id = t.id
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by t.created_at desc, t.id desc
      limit ${page.limit + 1}`,
    p.values,
  );
  const codes = rows.slice(0, page.limit);
  const last = codes.at(-1);
  return { rows: codes, nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null };
}

/** Metadata and trail of the given codes, in their order. Never a value. */
async function withTrails(db: Queryable, rows: CodeRow[], now: Date): Promise<PersonalCode[]> {
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
    purpose: row.purpose ?? null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    used_at: row.used_at?.toISOString() ?? null,
    used_by: row.used_by_name ? { name: row.used_by_name } : null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    misuse_reported_at: row.misuse_reported_at?.toISOString() ?? null,
    trail: trailOf.get(row.id) ?? [],
  }));
}

/** One page of the person's history, newest first, with each code's trail. */
export async function listPersonalCodes(
  ctx: AppContext,
  userId: string,
  query: PersonalCodeFilters & { cursor?: string; limit: number },
) {
  const now = ctx.clock.now();
  const { rows, nextCursor } = await codeRows(ctx.db, userId, now, query, query);
  return { codes: await withTrails(ctx.db, rows, now), next_cursor: nextCursor };
}

const EXPORT_BATCH = 1000;
/** A bound on one file; far beyond any person's history. */
const EXPORT_LIMIT = 50_000;

/** The language the person chose in their profile. */
async function profileLanguage(db: Queryable, userId: string): Promise<Language> {
  const [row] = await db.query<{ language: Language }>('select language from users where id = $1', [
    userId,
  ]);
  return row?.language ?? 'ar';
}

/**
 * The person's whole (filtered) history as CSV: names of bodies and fields, never a value. The
 * fields are named as the screens name them, in `language` (else the profile's).
 */
export async function exportPersonalCodesCsv(
  ctx: AppContext,
  userId: string,
  filters: PersonalCodeFilters,
  language?: Language,
) {
  const now = ctx.clock.now();
  const fieldsLanguage = language ?? (await profileLanguage(ctx.db, userId));
  const lines: unknown[][] = [];
  let cursor: string | undefined;
  do {
    const page = await codeRows(ctx.db, userId, now, filters, { cursor, limit: EXPORT_BATCH });
    for (const row of page.rows) {
      lines.push([
        row.id,
        row.created_at,
        effectiveStatus(row, now),
        row.issuer_name,
        row.issuer_type,
        row.audience_name,
        row.used_by_name,
        row.used_at,
        row.expires_at,
        row.revoked_at,
        fieldLabelList(row.data_fields, fieldsLanguage),
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && lines.length < EXPORT_LIMIT);
  return csvFile(PERSONAL_CODES_CSV_COLUMNS, lines);
}

/** One of the person's codes, locked for the transaction; anyone else's answers 404 as unknown. */
export async function myCodeRow(tx: Queryable, userId: string, tokenId: string) {
  const [row] = await tx.query<{
    id: string;
    organization_id: string;
    audience_organization_id: string;
    used_by_organization_id: string | null;
    status: TokenStatus;
    expires_at: Date;
    is_test: boolean;
  }>(
    `with ${MINE_CTE}
     select t.id, t.organization_id, t.audience_organization_id, t.used_by_organization_id,
            t.status, t.expires_at, t.is_test
       from tokens t join mine on mine.token_id = t.id
      where t.id = $3
        for update of t`,
    [await subjectHashOf(tx, userId), userId, tokenId],
  );
  if (!row) throw codeNotFound();
  return row;
}

/** One of the person's codes as their list shows it. */
export async function myCode(ctx: AppContext, userId: string, tokenId: string) {
  const now = ctx.clock.now();
  const { rows } = await codeRows(ctx.db, userId, now, {}, { tokenId, limit: 1 });
  const [code] = await withTrails(ctx.db, rows, now);
  if (!code) throw codeNotFound();
  return code;
}

/**
 * The person revokes one of their own active codes: the ciphertext is deleted and the audit
 * chain names them (`individual:<userId>`). Anyone else's code answers 404, as an unknown one.
 */
export async function revokePersonalCode(ctx: AppContext, userId: string, tokenId: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await myCodeRow(tx, userId, tokenId);
    const status = effectiveStatus(row, now);
    if (status === 'used') throw new AppError('token_used');
    if (status === 'expired') throw new AppError('token_expired');
    // Revoking twice is harmless: the second call finds it revoked and changes nothing.
    if (status === 'active') await revokeLockedToken(tx, row, now, `individual:${userId}`, null);
  });
  return { success: true as const, code: await myCode(ctx, userId, tokenId) };
}
