import type { CodeDirection, CodeList, CodeListItem, KeyMode, TokenStatus } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../auth/sessions.service.ts';
import type { Membership } from '../organizations/organizations.service.ts';
import type { ApiCaller, RequestMeta } from '../public-api/caller.ts';
import { verifyToken } from '../tokens/tokens.service.ts';

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

/** A staff member decrypts a code addressed to their organisation. */
export function verifyTokenAsMember(
  ctx: AppContext,
  member: Principal & Membership,
  meta: RequestMeta,
  typed: string,
) {
  return verifyToken(ctx, dashboardCaller(member), meta, typed);
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
}

const OWNER_COLUMN: Record<CodeDirection, string> = {
  issued: 't.organization_id',
  received: 't.audience_organization_id',
};

// An active code past its expiry is expired before the sweep reaches it, as in the status call.
const STATUS_CONDITION: Record<TokenStatus, string> = {
  active: "t.status = 'active' and t.expires_at > $2",
  expired: "(t.status = 'expired' or (t.status = 'active' and t.expires_at <= $2))",
  used: "t.status = 'used'",
  revoked: "t.status = 'revoked'",
};

/** The organisation's codes, newest first: metadata only, never the ciphertext or the hash. */
export async function listCodes(
  ctx: AppContext,
  organizationId: string,
  query: {
    direction: CodeDirection;
    status?: TokenStatus;
    mode?: KeyMode;
    page: number;
    page_size: number;
  },
): Promise<CodeList> {
  const params: unknown[] = [organizationId, ctx.clock.now()];
  const where = [`${OWNER_COLUMN[query.direction]} = $1`];
  if (query.status) where.push(STATUS_CONDITION[query.status]);
  if (query.mode) where.push(query.mode === 'test' ? 't.is_test' : 'not t.is_test');
  const whereSql = where.join(' and ');
  // $2 (now) is referenced by the status expression even when no filter is set.
  const [count] = await ctx.db.query<{ total: number }>(
    `select count(*)::int as total from tokens t where ${whereSql} and $2::timestamptz is not null`,
    params,
  );
  const rows = await ctx.db.query<CodeRow>(
    `select t.id as token_id, t.data_scope, t.data_fields,
            case when t.status = 'active' and t.expires_at <= $2 then 'expired' else t.status end as status,
            t.created_at, t.expires_at, t.used_at, u.name as used_by_name,
            i.name as issuer_name, a.name as audience_name, t.is_test
       from tokens t
       join organizations i on i.id = t.organization_id
       join organizations a on a.id = t.audience_organization_id
       left join organizations u on u.id = t.used_by_organization_id
      where ${whereSql}
      order by t.created_at desc, t.id
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    params,
  );
  const tokens: CodeListItem[] = rows.map((row) => ({
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
  }));
  return { tokens, total: count?.total ?? 0, page: query.page, page_size: query.page_size };
}
