import {
  type AuditAction,
  CODE_LIST_COUNT_CAP,
  type CodeDirection,
  type CodeHistory,
  type CodeHistoryEntry,
  type CodeList,
  type CodeListItem,
  type KeyMode,
  type TokenStatus,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { SqlParams } from '../../db/sql-params.ts';
import type { ApiCaller, RequestMeta } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from '../auth/index.ts';
import type { Membership } from '../organizations/index.ts';
import {
  askForData,
  cancelVerificationRequest,
  effectiveStatus,
  listOpenRequests,
  readVerificationRequest,
  revokeLockedToken,
  verifyToken,
} from '../tokens/index.ts';

/**
 * The organisation itself as a /v1 caller, for its staff on the dashboard: the same verify as
 * the public API, so the call is billed, audited and refused exactly the same way. No API key
 * is involved; scopes and rate limits belong to the public pipeline and are not consulted.
 */
function dashboardCaller(member: Principal & Membership): ApiCaller {
  return {
    organizationId: member.organization.id,
    clientId: member.organization.client_id,
    apiKeyId: null,
    keyName: null,
    scopes: ['token:verify'],
    ratePerMinute: 0,
    ratePerHour: 0,
    allowedIps: null,
    isTest: false,
    actor: `user:${member.userId}`,
  };
}

/** "Ask for data" on the console: a verification request made by a staff member. */
export function askForDataAsMember(
  ctx: AppContext,
  member: Principal & Membership,
  meta: RequestMeta,
  input: Parameters<typeof askForData>[3],
) {
  return askForData(ctx, dashboardCaller(member), meta, input);
}

/** The organisation's own request (another's: 404), with the code once answered. */
export async function readRequestAsMember(
  ctx: AppContext,
  member: Principal & Membership,
  requestId: string,
) {
  const read = await readVerificationRequest(ctx, dashboardCaller(member), requestId);
  if (read.viewer !== 'audience') throw new AppError('verification_request_not_found');
  return read;
}

export const listRequestsAsMember = (ctx: AppContext, member: Principal & Membership) =>
  listOpenRequests(ctx, member.organization.id, false);

export const cancelRequestAsMember = (
  ctx: AppContext,
  member: Principal & Membership,
  requestId: string,
) => cancelVerificationRequest(ctx, dashboardCaller(member), requestId);

/** A staff member decrypts a code addressed to their organisation. */
export function verifyTokenAsMember(
  ctx: AppContext,
  member: Principal & Membership,
  meta: RequestMeta,
  typed: string,
  log?: FastifyBaseLogger,
) {
  return verifyToken(ctx, dashboardCaller(member), meta, typed, log);
}

interface CodeRow {
  token_id: string;
  data_scope: string[];
  data_fields: string[];
  status: TokenStatus;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by_name: string | null;
  issuer_name: string;
  audience_name: string;
  is_test: boolean;
  code_tail: string | null;
}

const OWNER_COLUMN: Record<CodeDirection, string> = {
  issued: 't.organization_id',
  received: 't.audience_organization_id',
};

// An active code past its expiry is expired before the sweep reaches it, as in the status call.
const statusCondition = (status: TokenStatus, now: string) =>
  ({
    active: `t.status = 'active' and t.expires_at > ${now}`,
    expired: `(t.status = 'expired' or (t.status = 'active' and t.expires_at <= ${now}))`,
    used: "t.status = 'used'",
    revoked: "t.status = 'revoked'",
  })[status];

const CODE_COLUMNS = (now: string) => `t.id as token_id, t.data_scope, t.data_fields,
  case when t.status = 'active' and t.expires_at <= ${now} then 'expired' else t.status end as status,
  t.created_at, t.expires_at, t.used_at, u.name as used_by_name,
  i.name as issuer_name, a.name as audience_name, t.is_test, t.code_tail
  from tokens t
  join organizations i on i.id = t.organization_id
  join organizations a on a.id = t.audience_organization_id
  left join organizations u on u.id = t.used_by_organization_id`;

const toItem = (row: CodeRow): CodeListItem => ({
  token_id: row.token_id,
  data_scope: row.data_scope,
  data_fields: row.data_fields,
  status: row.status,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  used_at: row.used_at ? row.used_at.toISOString() : null,
  used_by: row.used_by_name === null ? null : { name: row.used_by_name },
  issuer: { name: row.issuer_name },
  audience: { name: row.audience_name },
  is_test: row.is_test,
});

/** The position after the last row of a page: its time and reference, opaque to the caller. */
const encodeCursor = (row: { created_at: Date; token_id: string }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.token_id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !id || !/^tok_[0-9A-Za-z_-]+$/.test(id)) {
    throw new AppError('bad_request', 'The cursor is not one this API gave out');
  }
  return { at: date, id };
}

export interface CodesFilters {
  direction: CodeDirection;
  status?: TokenStatus;
  mode: KeyMode;
  q?: string;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
}

/** A whole reference as the API gives it out (`tok_` and 15 random bytes in base 62). */
const WHOLE_REFERENCE = /^tok_[0-9A-Za-z]{16,}$/;

/**
 * The search by reference. A whole reference (pasted from a receipt or a support message) is
 * looked up by its key, one index probe per month; only when it is not a code of the list, or
 * the text is part of a reference, is every code's reference searched for it, in any case.
 * At ten million codes that search reads them all (seconds); the look-up reads one.
 */
async function referenceCondition(
  ctx: AppContext,
  p: SqlParams,
  where: string[],
  now: string,
  q: string,
): Promise<string> {
  const reference = p.add(q, 'text');
  if (WHOLE_REFERENCE.test(q)) {
    const [found] = await ctx.db.query<{ found: boolean }>(
      `select exists (select from tokens t
                       where ${where.join(' and ')} and ${now} is not null and t.id = ${reference})
              as found`,
      p.values,
    );
    if (found?.found) return `t.id = ${reference}`;
  }
  return `strpos(lower(t.id), lower(${reference})) > 0`;
}

/**
 * The organisation's codes, newest first: metadata only, never the ciphertext or the hash.
 * Keyset paging on (created_at, id), so codes issued meanwhile never shift a page; `total`
 * counts the codes the filters match, up to CODE_LIST_COUNT_CAP.
 */
export async function listCodes(
  ctx: AppContext,
  organizationId: string,
  query: CodesFilters,
): Promise<CodeList> {
  const p = new SqlParams();
  const where = [
    `${OWNER_COLUMN[query.direction]} = ${p.add(organizationId, 'uuid')}`,
    query.mode === 'test' ? 't.is_test' : 'not t.is_test',
  ];
  const now = p.add(ctx.clock.now(), 'timestamptz');
  if (query.status) where.push(statusCondition(query.status, now));
  if (query.from) where.push(`t.created_at >= ${p.add(query.from, 'timestamptz')}`);
  if (query.to) where.push(`t.created_at < ${p.add(query.to, 'timestamptz')}`);
  const q = query.q?.trim();
  if (q) where.push(await referenceCondition(ctx, p, where, now, q));
  // The count ignores the cursor; `now` is referenced by the status expressions either way.
  const filtered = `${where.join(' and ')} and ${now} is not null`;
  // One row past the cap says there are more without reading them all.
  const [count] = await ctx.db.query<{ total: number }>(
    `select count(*)::int as total
       from (select from tokens t where ${filtered} limit ${CODE_LIST_COUNT_CAP + 1}) matched`,
    p.values,
  );
  const total = count?.total ?? 0;
  let paged = filtered;
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    paged += ` and (t.created_at, t.id) < (${p.add(after.at, 'timestamptz')}, ${p.add(after.id, 'text')})`;
  }
  const rows = await ctx.db.query<CodeRow>(
    `select ${CODE_COLUMNS(now)} where ${paged}
      order by t.created_at desc, t.id desc limit ${query.limit + 1}`,
    p.values,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    tokens: page.map(toItem),
    total: Math.min(total, CODE_LIST_COUNT_CAP),
    total_capped: total > CODE_LIST_COUNT_CAP,
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

interface AuditHistoryRow {
  action: AuditAction;
  created_at: Date;
  actor: string | null;
  actor_organization_id: string | null;
  organization_name: string | null;
  member_name: string | null;
  fields: string[];
  reason: string | null;
  shard: number;
  seq: string | number;
  hash: string;
}

function viaOf(actor: string | null): CodeHistoryEntry['via'] {
  if (actor?.startsWith('user:')) return 'dashboard';
  if (actor?.startsWith('api_key:')) return 'api_key';
  if (actor === 'client_credentials') return 'client_credentials';
  if (actor === 'individual' || actor?.startsWith('individual')) return 'individual';
  return 'system';
}

/**
 * A code the organisation issued or received, with its audit rows oldest first. The member who
 * acted is named only when they acted for the reader's organisation (still named after leaving
 * it). Anyone else's code: 404.
 */
export async function getCodeHistory(
  ctx: AppContext,
  organizationId: string,
  tokenId: string,
): Promise<CodeHistory> {
  const [row] = await ctx.db.query<CodeRow>(
    `select ${CODE_COLUMNS('$3')}
      where t.id = $1 and (t.organization_id = $2 or t.audience_organization_id = $2)
        and $3::timestamptz is not null`,
    [tokenId, organizationId, ctx.clock.now()],
  );
  if (!row) throw new AppError('token_not_found', 'Token not found');
  const entries = await ctx.db.query<AuditHistoryRow>(
    `select l.action, l.created_at, l.actor, l.actor_organization_id, o.name as organization_name,
            m.name as member_name, l.fields, l.reason, l.shard, l.seq, l.hash
       from audit_log l
       left join organizations o on o.id = l.actor_organization_id
       left join lateral (
         select u.first_name || ' ' || u.last_name as name from users u
          where l.actor like 'user:%' and l.actor_organization_id = $2
            and u.id::text = substr(l.actor, 6)) m on true
      where l.token_id = $1
      order by l.created_at, l.seq`,
    [tokenId, organizationId],
  );
  return {
    token: { ...toItem(row), code_tail: row.code_tail },
    entries: entries.map((entry) => ({
      action: entry.action,
      at: entry.created_at.toISOString(),
      organization: entry.organization_name === null ? null : { name: entry.organization_name },
      member: entry.member_name === null ? null : { name: entry.member_name },
      via: viaOf(entry.actor),
      fields: entry.fields,
      reason: entry.reason,
      chain: { shard: entry.shard, seq: Number(entry.seq), hash: entry.hash },
    })),
  };
}

/**
 * A member revokes a code their organisation issued: its ciphertext is deleted and the
 * revocation audited under their name. Not billed (a dashboard action, not a /v1 call).
 */
export async function revokeCodeAsMember(
  ctx: AppContext,
  member: Principal & Membership,
  tokenId: string,
) {
  const organizationId = member.organization.id;
  const now = ctx.clock.now();
  const error = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      id: string;
      organization_id: string;
      status: TokenStatus;
      expires_at: Date;
    }>(
      'select id, organization_id, status, expires_at from tokens where id = $1 and organization_id = $2 for update',
      [tokenId, organizationId],
    );
    if (!row) return new AppError('token_not_found', 'Token not found');
    const status = effectiveStatus(row, now);
    if (status === 'used') return new AppError('token_used', 'This token has already been used');
    if (status === 'expired') return new AppError('token_expired', 'This token has expired');
    if (status === 'active')
      await revokeLockedToken(tx, row, now, `user:${member.userId}`, organizationId);
    return null;
  });
  if (error) throw error;
  return { success: true as const, status: 'revoked' as const };
}
