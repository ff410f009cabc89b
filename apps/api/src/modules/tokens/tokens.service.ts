import {
  formatCode,
  isTestNationalId,
  parseCode,
  type TokenStatus,
  type VerifyTokenResponse,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import type { ApiCaller, RequestMeta } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashNationalId } from '../../lib/identity.ts';
import { callEventDetails } from '../../lib/refusal.ts';
import { randomId } from '../../lib/secret-format.ts';
import { appendAudit, auditShard, receiptOf } from '../audit/index.ts';
import { assertSubjectNotLocked, refuseLockedUse } from '../identity/index.ts';
import { keepPersonalHistory } from '../personal-codes/index.ts';
import { recordSecurityEvent } from '../security/index.ts';
import {
  type BilledCall,
  isBillable,
  type KeyUseFlags,
  recordUsage,
  rememberKeyUse,
  riyalToMillis,
} from '../wallet/index.ts';
import { countCodeInactive } from './active-codes.ts';
import { codeLookupHash, generateCode, openPayload, sealPayload } from './code-crypto.ts';
import { effectiveStatus } from './code-status.ts';
import { encryptionKeyOf, type SealedData, sealToOrganization } from './double-lock.ts';
import { auditExpiries } from './expiry-audit.ts';
import {
  checkRequestAnswer,
  claimRequest,
  createVerificationRequest,
  recordAnswer,
  releaseRequest,
} from './verification-requests.service.ts';
import { type VerifyOutcome, writeBill, writeNewToken, writeVerify } from './write-batcher.ts';

export interface GenerateInput {
  data: Record<string, unknown>;
  data_scope?: string[];
  expires_in: number;
  audience?: string;
  subject?: { national_id?: string; user_id?: string };
  /** Answering a verification request: its id and the number the person picked. */
  request_id?: string;
  match_number?: string;
}

/** What the code-derived key seals: the data, or the data already sealed to the audience's key. */
type StoredData = Extract<VerifyTokenResponse, { data: unknown }>['data'];
type StoredPayload = { data: StoredData } | { hpke: SealedData };

interface TokenRow {
  id: string;
  organization_id: string;
  audience_organization_id: string;
  ciphertext: string | null;
  data_fields: string[];
  data_scope: string[];
  status: TokenStatus;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** How many of the code's last characters a receipt shows (see migration 0035). */
export const CODE_TAIL_LENGTH = 4;

const notFound = () => new AppError('token_not_found', 'Token not found');
const goneFor = (status: Exclude<TokenStatus, 'active'>) =>
  ({
    used: new AppError('token_used', 'This token has already been used'),
    expired: new AppError('token_expired', 'This token has expired'),
    revoked: new AppError('token_revoked', 'This token has been revoked'),
  })[status];

const actorOf = (caller: ApiCaller) =>
  caller.actor ?? (caller.apiKeyId ? `api_key:${caller.apiKeyId}` : 'client_credentials');

function billedCall(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  statusCode: number,
  isVerification = false,
): BilledCall {
  return {
    isBilled: isBillable(caller),
    organizationId: caller.organizationId,
    apiKeyId: caller.apiKeyId,
    endpoint: `${meta.method} ${meta.path.replace(/\/tok_[^/]+/, '/{token_id}').replace(/\/vrq_[^/]+/, '/{request_id}')}`,
    statusCode,
    costMillis: riyalToMillis(ctx.config.pricePerCall),
    at: ctx.clock.now(),
    clientIp: meta.ip,
    isVerification,
  };
}

/** Security events a successful call can raise: a key's first use, or use from a new address. */
async function noteKeyUse(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  flags: KeyUseFlags,
) {
  rememberKeyUse(caller.apiKeyId, meta.ip);
  if (!caller.apiKeyId || !(flags.is_first_use || flags.is_new_ip)) return;
  await recordSecurityEvent(ctx, {
    ...callEventDetails(caller, meta),
    ...(flags.is_first_use
      ? {
          type: 'key_first_use',
          severity: 'info',
          description: `API key "${caller.keyName}" was used for the first time`,
        }
      : {
          type: 'new_ip_detected',
          severity: 'warning',
          description: `API key "${caller.keyName}" was used from a new address ${meta.ip}`,
        }),
  });
}

async function resolveAudience(ctx: AppContext, caller: ApiCaller, audience: string | undefined) {
  if (!audience || audience === caller.clientId) return caller.organizationId;
  const [row] = await ctx.db.query<{ id: string }>(
    'select id from organizations where client_id = $1',
    [audience],
  );
  if (!row)
    throw new AppError(
      'invalid_audience',
      'audience is not the client_id of a registered organisation',
    );
  return row.id;
}

/**
 * Test mode never names a real person: a test key takes only the documented test national ids
 * (1999999... and 2999999..., packages/shared/src/national-id.ts), a live key never takes them.
 */
function assertSubjectFitsMode(caller: ApiCaller, nationalId: string | undefined) {
  if (nationalId === undefined) return;
  const isTestId = isTestNationalId(nationalId);
  if (caller.isTest && !isTestId) throw new AppError('test_national_id_required');
  if (!caller.isTest && isTestId) throw new AppError('test_national_id_in_live');
}

/**
 * Issues a code: the payload sealed under a key only the code can give, the code kept nowhere.
 * The token, its audit row and the bill are written in one transaction (with the other calls of
 * the same moment: write-batcher.ts), all or nothing, before the answer.
 */
export async function generateToken(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  input: GenerateInput,
  log: FastifyBaseLogger,
) {
  assertSubjectFitsMode(caller, input.subject?.national_id);
  // Answering a verification request: checked (and a wrong number counted) before anything.
  const request = input.request_id
    ? await checkRequestAnswer(ctx, caller, {
        requestId: input.request_id,
        matchNumber: input.match_number!,
        audience: input.audience,
        dataFields: Object.keys(input.data),
        subjectNationalId: input.subject?.national_id,
      })
    : undefined;
  const audienceId = request
    ? request.audienceId
    : await resolveAudience(ctx, caller, input.audience);
  const code = generateCode();
  const tokenId = randomId('tok_');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + input.expires_in * 1000);
  // A test code never names a real person: no history, no notice, no lock refusal or notice.
  // The code answering a request for a named person is that person's.
  const subjectHash = caller.isTest
    ? null
    : input.subject?.national_id
      ? hashNationalId(ctx.keys.nationalId, input.subject.national_id)
      : (request?.subjectHash ?? null);
  // The holder may have locked their national id: read on each call, so it holds at once.
  if (subjectHash) {
    await assertSubjectNotLocked(ctx, caller, meta, subjectHash, Object.keys(input.data), log);
  }
  // The double lock: sealed to the audience's key first, when it registered one.
  const audienceKey = await encryptionKeyOf(ctx, audienceId);
  const payload: StoredPayload = audienceKey
    ? { hpke: await sealToOrganization(audienceKey, input.data) }
    : { data: input.data as StoredData };
  if (request) {
    await claimRequest(
      ctx,
      request,
      { tokenId, code: formatCode(code), createdAt: now, expiresAt },
      caller.organizationId,
    );
  }
  const written = writeNewToken(
    ctx.db,
    {
      id: tokenId,
      organizationId: caller.organizationId,
      audienceOrganizationId: audienceId,
      apiKeyId: caller.apiKeyId,
      codeHash: codeLookupHash(ctx.keys.pepper, code),
      ciphertext: sealPayload(code, tokenId, payload),
      dataFields: Object.keys(input.data),
      dataScope: input.data_scope ?? [],
      auditShard: auditShard(tokenId),
      subjectHash,
      subjectRef: input.subject?.user_id ?? null,
      createdAt: now,
      expiresAt,
      isTest: caller.isTest,
      codeTail: code.slice(-CODE_TAIL_LENGTH),
    },
    { organizationId: caller.organizationId, actor: actorOf(caller) },
    billedCall(ctx, caller, meta, 201),
  );
  const flags = request
    ? await written.catch(async (error: unknown) => {
        await releaseRequest(ctx, request.id, tokenId);
        throw error;
      })
    : await written;
  if (request) await recordAnswer(ctx, caller, request, Object.keys(input.data), now);
  await noteKeyUse(ctx, caller, meta, flags);
  return {
    success: true,
    token: formatCode(code),
    token_id: tokenId,
    reference_id: tokenId,
    created_at: now,
    expires_at: expiresAt,
    message: 'Token generated successfully',
  };
}

/** Why a verify consumed nothing (its failed-use audit row is written); not billed. */
async function refuseVerify(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  outcome: Exclude<VerifyOutcome, { consumed: true }>,
  log: FastifyBaseLogger | undefined,
) {
  if (!outcome.found) return notFound();
  // Issued before its holder locked the national id: unusable while the lock holds.
  if (outcome.reason === 'subject_locked') {
    return refuseLockedUse(ctx, caller, meta, outcome.target.id, log);
  }
  if (outcome.reason !== 'wrong_audience') {
    return goneFor(outcome.reason.replace('token_', '') as Exclude<TokenStatus, 'active'>);
  }
  const { target } = outcome;
  await recordSecurityEvent(ctx, {
    organizationId: target.organization_id,
    type: 'suspicious_activity',
    severity: 'critical',
    description: `Token ${target.id} was presented by an organisation it is not addressed to`,
    clientIp: meta.ip,
    userAgent: meta.userAgent,
    requestPath: meta.path,
    requestMethod: meta.method,
    additionalData: { token_id: target.id, presented_by: caller.clientId },
    isTest: caller.isTest,
  });
  // Exactly as for an unknown code: the caller learns nothing about codes not meant for it.
  return notFound();
}

/**
 * Verifies a code as the calling organisation. The code's row is locked in the batch that
 * consumes it, so concurrent verifies of one code take turns: the first consumes it and deletes
 * the ciphertext; each later one finds it used and consumes nothing. A code naming a national id
 * its holder has locked is refused in that same statement (403 `subject_locked`), and consumed
 * by nothing: after the unlock it works again, once, while unexpired.
 */
export async function verifyToken(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  typed: string,
  log?: FastifyBaseLogger,
) {
  const code = parseCode(typed);
  if (!code)
    throw new AppError(
      'token_malformed',
      'The token is malformed (check character does not match)',
    );
  const now = ctx.clock.now();
  const verifyUnder = (pepper: Buffer) =>
    writeVerify(
      ctx.db,
      codeLookupHash(pepper, code),
      { organizationId: caller.organizationId, actor: actorOf(caller) },
      now,
      billedCall(ctx, caller, meta, 200, true),
      caller.isTest,
    );
  let outcome = await verifyUnder(ctx.keys.pepper);
  // A code issued before a TOKEN_PEPPER rotation has its old hash; a code not found writes
  // nothing, so asking again under each previous pepper is safe (and never done with one pepper).
  for (const previous of ctx.keys.peppers.slice(1)) {
    if (outcome.found) break;
    outcome = await verifyUnder(previous);
  }
  if (!outcome.found || !outcome.consumed)
    throw await refuseVerify(ctx, caller, meta, outcome, log);
  const { target } = outcome;
  const payload = openPayload<StoredPayload>(code, target.id, target.ciphertext!);
  await noteKeyUse(ctx, caller, meta, outcome.flags);
  return {
    ...('hpke' in payload ? { encryption: 'hpke' as const, ...payload.hpke } : payload),
    success: true as const,
    token_id: target.id,
    data_scope: target.data_scope,
    issuer: { name: target.issuer_name, client_id: target.issuer_client_id },
    verified_at: now,
  };
}

/** Status for the issuer or the audience; anyone else gets 404. The call is billed. */
export async function getTokenStatus(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  tokenId: string,
) {
  const [row] = await ctx.db.query<
    TokenRow & { used_by_name: string | null; used_by_client_id: string | null }
  >(
    `select t.id, t.status, t.created_at, t.expires_at, t.used_at, o.name as used_by_name,
            o.client_id as used_by_client_id
       from tokens t left join organizations o on o.id = t.used_by_organization_id
      where t.id = $1 and (t.organization_id = $2 or t.audience_organization_id = $2)
        and t.is_test = $3`,
    [tokenId, caller.organizationId, caller.isTest],
  );
  if (!row) throw notFound();
  await noteKeyUse(ctx, caller, meta, await writeBill(ctx.db, billedCall(ctx, caller, meta, 200)));
  return {
    token_id: row.id,
    status: effectiveStatus(row, ctx.clock.now()),
    created_at: row.created_at,
    expires_at: row.expires_at,
    used_at: row.used_at,
    used_by: row.used_by_client_id
      ? { name: row.used_by_name, client_id: row.used_by_client_id }
      : null,
  };
}

/**
 * The receipt of a code for its issuer or audience (anyone else: 404): its issue and use with
 * their inclusion proofs and the signed checkpoint. Not billed.
 */
export async function getTokenReceipt(ctx: AppContext, caller: ApiCaller, tokenId: string) {
  const [row] = await ctx.db.query<{ id: string }>(
    `select id from tokens
      where id = $1 and (organization_id = $2 or audience_organization_id = $2) and is_test = $3`,
    [tokenId, caller.organizationId, caller.isTest],
  );
  if (!row) throw notFound();
  return receiptOf(ctx.db, row.id);
}

/** Revocation deletes the ciphertext; only the issuer may revoke through the API. */
export async function revokeTokenByIssuer(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  tokenId: string,
) {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<TokenRow>(
      'select id, organization_id, status, expires_at from tokens where id = $1 and organization_id = $2 and is_test = $3 for update',
      [tokenId, caller.organizationId, caller.isTest],
    );
    if (!row) return { error: notFound() };
    const status = effectiveStatus(row, now);
    if (status === 'used' || status === 'expired') return { error: goneFor(status) };
    if (status === 'active')
      await revokeLockedToken(tx, row, now, actorOf(caller), caller.organizationId);
    const [flags] = await recordUsage(tx, [billedCall(ctx, caller, meta, 200)]);
    return { flags: flags! };
  });
  if ('error' in outcome) throw outcome.error;
  await noteKeyUse(ctx, caller, meta, outcome.flags);
  return { success: true, status: 'revoked' as const };
}

/** Shared by the issuer's and the individual's revocation: within the caller's transaction. */
export async function revokeLockedToken(
  tx: Queryable,
  row: Pick<TokenRow, 'id' | 'organization_id' | 'expires_at'>,
  now: Date,
  actor: string,
  actorOrganizationId: string | null,
) {
  const [revoked] = await tx.query<{ is_test: boolean }>(
    `update tokens set status = 'revoked', revoked_at = $2, revoked_by = $3, ciphertext = null
      where id = $1 returning is_test`,
    [row.id, now, actor],
  );
  await appendAudit(tx, [
    {
      organizationId: row.organization_id,
      tokenId: row.id,
      action: 'revoke',
      actorOrganizationId,
      actor,
      fields: [],
      createdAt: now,
    },
  ]);
  if (!revoked!.is_test) await countCodeInactive(tx, row);
}

const SWEEP_BATCH = 500;

/**
 * Marks tokens past their expiry as expired and deletes their ciphertext and the link to the
 * individual, with an audit row each. Runs in batches; returns how many it expired.
 */
export async function expireTokens(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.clock.now();
    const expired = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{
        id: string;
        organization_id: string;
        subject_hash: string | null;
      }>(
        `with due as (select id, subject_hash from tokens where status = 'active' and expires_at <= $1
                        order by expires_at limit ${SWEEP_BATCH} for update skip locked)
         update tokens t set status = 'expired', ciphertext = null, subject_hash = null, subject_ref = null
           from due where t.id = due.id
         returning t.id, t.organization_id, due.subject_hash`,
        [now],
      );
      // A person with an account keeps the code in their history, linked to the account only.
      await keepPersonalHistory(tx, rows, now);
      await auditExpiries(tx, rows, now);
      return rows.length;
    });
    total += expired;
    if (expired < SWEEP_BATCH) return total;
  }
}

/** POST /v1/verification-requests (and the console's): billed once, like a status call. */
export async function askForData(
  ctx: AppContext,
  caller: ApiCaller,
  meta: RequestMeta,
  input: Parameters<typeof createVerificationRequest>[2],
) {
  const { answer, flags } = await createVerificationRequest(ctx, caller, input, (status) =>
    billedCall(ctx, caller, meta, status),
  );
  await noteKeyUse(ctx, caller, meta, flags);
  return answer;
}
