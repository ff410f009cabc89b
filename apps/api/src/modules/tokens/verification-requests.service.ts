import { randomInt } from 'node:crypto';
import {
  APP_LINK_PLACEHOLDER,
  type CreateVerificationRequest,
  type PublicVerificationRequest,
  VERIFICATION_REQUEST_MAX_MISMATCHES,
  type VerificationRequest,
  type VerificationRequestForIssuer,
  type VerificationRequestStatus,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import type { ApiCaller } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashNationalId } from '../../lib/identity.ts';
import { seal, unseal } from '../../lib/key-ring.ts';
import { randomId } from '../../lib/secret-format.ts';
import { appendAudit } from '../audit/index.ts';
import { enqueueRequestWebhooks } from '../notifications/index.ts';
import { auditExpiries } from './expiry-audit.ts';
import { writeBill } from './write-batcher.ts';

/*
 * Verification requests (issue 33): the audience asks for fields with a purpose; an issuer answers
 * with a code addressed to the audience once the person picked the number the audience shows.
 * The audience collects the code (kept sealed, for it alone, until used or expired).
 */

const SWEEP_BATCH = 500;

export interface RequestRow {
  id: string;
  organization_id: string;
  fields: string[];
  purpose: string;
  subject_hash: string | null;
  match_number: string;
  match_choices: string[];
  status: VerificationRequestStatus;
  failed_matches: number;
  is_test: boolean;
  created_at: Date;
  expires_at: Date;
  token_id: string | null;
  code_sealed: string | null;
  fulfilled_at: Date | null;
}

export const requestNotFound = () =>
  new AppError('verification_request_not_found', 'Verification request not found');

const actorOf = (caller: ApiCaller) =>
  caller.actor ?? (caller.apiKeyId ? `api_key:${caller.apiKeyId}` : 'client_credentials');

/** A pending request past its expiry already reads `expired`, before the sweep reaches it. */
export function requestStatus(
  row: Pick<RequestRow, 'status' | 'expires_at'>,
  now: Date,
): VerificationRequestStatus {
  return row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
}

/** Why a request takes no answer (or no cancellation) any more. */
export function refusalFor(status: VerificationRequestStatus): AppError | undefined {
  if (status === 'fulfilled') return new AppError('request_fulfilled');
  if (status === 'expired') return new AppError('request_expired');
  if (status === 'cancelled') return new AppError('request_cancelled');
  return undefined;
}

const linkOf = (ctx: AppContext, id: string) => `${ctx.config.publicUrl}/r/${id}`;

/** The bill of a call about a request, as a status read is billed. */
export type RequestBill = (statusCode: number) => Parameters<typeof writeBill>[1];

/** POST /v1/verification-requests: billed once, like a status call; audited. */
export async function createVerificationRequest(
  ctx: AppContext,
  caller: ApiCaller,
  input: CreateVerificationRequest & { expires_in: number },
  bill: RequestBill,
): Promise<{ answer: VerificationRequest; flags: Awaited<ReturnType<typeof writeBill>> }> {
  const id = randomId('vrq_');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + input.expires_in * 1000);
  const matchNumber = String(randomInt(10, 100));
  // Two other numbers beside it, fixed for the request: the same three on every read, so reading
  // again tells nothing more.
  const choices = new Set([matchNumber]);
  while (choices.size < 3) choices.add(String(randomInt(10, 100)));
  const subjectHash =
    input.subject?.national_id && !caller.isTest
      ? hashNationalId(ctx.keys.nationalId, input.subject.national_id)
      : null;
  const purpose = input.purpose.trim();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into verification_requests (id, organization_id, api_key_id, fields, purpose, subject_hash,
         match_number, match_choices, status, is_test, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $11, 'pending', $8, $9, $10)`,
      [
        id,
        caller.organizationId,
        caller.apiKeyId,
        input.fields,
        purpose,
        subjectHash,
        matchNumber,
        caller.isTest,
        now,
        expiresAt,
        [...choices].sort(),
      ],
    );
    await appendAudit(tx, [
      {
        organizationId: caller.organizationId,
        tokenId: id,
        action: 'request',
        actorOrganizationId: caller.organizationId,
        actor: actorOf(caller),
        fields: input.fields,
        reason: null,
        createdAt: now,
      },
    ]);
  });
  const flags = await writeBill(ctx.db, bill(201));
  return {
    answer: {
      viewer: 'audience',
      request_id: id,
      status: 'pending',
      fields: input.fields,
      purpose,
      created_at: now,
      expires_at: expiresAt,
      link: linkOf(ctx, id),
      match_number: matchNumber,
      token_id: null,
      token: null,
    } as unknown as VerificationRequest,
    flags,
  };
}

/** The audience's view of its request: the code while it can still be used. */
async function audienceView(ctx: AppContext, row: RequestRow): Promise<VerificationRequest> {
  const now = ctx.clock.now();
  const status = requestStatus(row, now);
  let token: string | null = null;
  if (status === 'fulfilled' && row.code_sealed && row.token_id) {
    const [code] = await ctx.db.query<{ status: string; expires_at: Date }>(
      'select status, expires_at from tokens where id = $1 and created_at = $2',
      [row.token_id, row.fulfilled_at],
    );
    if (code && code.status === 'active' && code.expires_at > now) {
      token = unseal(ctx.keys.requestCode, row.code_sealed, row.id).toString('utf8');
    }
  }
  return {
    viewer: 'audience',
    request_id: row.id,
    status,
    fields: row.fields,
    purpose: row.purpose,
    created_at: row.created_at,
    expires_at: row.expires_at,
    link: linkOf(ctx, row.id),
    match_number: row.match_number,
    token_id: row.token_id,
    token,
  } as unknown as VerificationRequest;
}

async function requestOf(db: Queryable, id: string, isTest: boolean, forUpdate = false) {
  const [row] = await db.query<RequestRow>(
    `select * from verification_requests where id = $1 and is_test = $2 ${forUpdate ? 'for update' : ''}`,
    [id, isTest],
  );
  return row;
}

/**
 * GET /v1/verification-requests/{id}: the audience sees all of it (the code once fulfilled); any
 * other organisation allowed to issue codes sees who asks and for what; anyone else gets 404.
 */
export async function readVerificationRequest(
  ctx: AppContext,
  caller: ApiCaller,
  id: string,
): Promise<VerificationRequest | VerificationRequestForIssuer> {
  const row = await requestOf(ctx.db, id, caller.isTest);
  if (!row) throw requestNotFound();
  if (row.organization_id === caller.organizationId) return audienceView(ctx, row);
  if (!caller.scopes.includes('token:generate')) throw requestNotFound();
  const [audience] = await ctx.db.query<{ name: string; client_id: string }>(
    'select name, client_id from organizations where id = $1',
    [row.organization_id],
  );
  return {
    viewer: 'issuer',
    request_id: row.id,
    status: requestStatus(row, ctx.clock.now()),
    fields: row.fields,
    purpose: row.purpose,
    created_at: row.created_at,
    expires_at: row.expires_at,
    link: linkOf(ctx, row.id),
    match_choices: row.match_choices,
    audience: audience!,
  } as unknown as VerificationRequestForIssuer;
}

/**
 * The audience's open requests, newest first: pending and not expired, and answered ones whose
 * code is still to be collected (the console waits for the key file of a double lock before it
 * uses the code; a page closed meanwhile finds the answer here again).
 */
export async function listOpenRequests(ctx: AppContext, organizationId: string, isTest: boolean) {
  const rows = await ctx.db.query<RequestRow>(
    `select * from verification_requests
      where organization_id = $1 and is_test = $2
        and ((status = 'pending' and expires_at > $3)
             or (status = 'fulfilled' and code_sealed is not null and token_expires_at > $3))
      order by created_at desc limit 50`,
    [organizationId, isTest, ctx.clock.now()],
  );
  const views = await Promise.all(rows.map((row) => audienceView(ctx, row)));
  return { requests: views.filter((view) => view.status === 'pending' || view.token !== null) };
}

/** POST /v1/verification-requests/{id}/cancel: the audience only; audited. Again: the same answer. */
export async function cancelVerificationRequest(ctx: AppContext, caller: ApiCaller, id: string) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const found = await requestOf(tx, id, caller.isTest, true);
    if (!found || found.organization_id !== caller.organizationId) throw requestNotFound();
    const status = requestStatus(found, now);
    if (status === 'cancelled') return found;
    const refusal = refusalFor(status);
    if (refusal) throw refusal;
    const [cancelled] = await tx.query<RequestRow>(
      `update verification_requests set status = 'cancelled', cancelled_at = $2 where id = $1
       returning *`,
      [id, now],
    );
    await appendAudit(tx, [
      {
        organizationId: found.organization_id,
        tokenId: id,
        action: 'cancel',
        actorOrganizationId: caller.organizationId,
        actor: actorOf(caller),
        fields: [],
        reason: 'cancelled_by_audience',
        createdAt: now,
      },
    ]);
    return cancelled!;
  });
  return audienceView(ctx, row);
}

/** The public page /r/{id}: who asks, for what, until when, and the apps that can answer. */
export async function publicVerificationRequest(
  ctx: AppContext,
  id: string,
): Promise<PublicVerificationRequest> {
  const [row] = await ctx.db.query<RequestRow & { audience_name: string }>(
    `select r.*, o.name as audience_name
       from verification_requests r join organizations o on o.id = r.organization_id
      where r.id = $1`,
    [id],
  );
  if (!row) throw requestNotFound();
  const issuers = await ctx.db.query<{ name: string; app_link: string }>(
    `select name, app_link from organizations where app_link is not null and id <> $1
      order by name limit 20`,
    [row.organization_id],
  );
  return {
    request_id: row.id,
    status: requestStatus(row, ctx.clock.now()),
    fields: row.fields,
    purpose: row.purpose,
    expires_at: row.expires_at,
    audience: { name: row.audience_name },
    answer_with: issuers.map((issuer) => ({
      name: issuer.name,
      url: issuer.app_link.replaceAll(APP_LINK_PLACEHOLDER, encodeURIComponent(row.id)),
    })),
  } as unknown as PublicVerificationRequest;
}

/** What an answer to a request must satisfy, checked before any code is made. */
export interface RequestAnswer {
  requestId: string;
  matchNumber: string;
  audience?: string;
  dataFields: string[];
  subjectNationalId?: string;
}

/** A request an answer was checked against: the code goes to its audience, for its subject. */
export interface CheckedRequest {
  id: string;
  audienceId: string;
  subjectHash: string | null;
  fields: string[];
}

/**
 * Checks an answer (the generate call naming a request): the request is pending, the audience
 * and fields and subject fit it, and the number is the one the audience shows. A wrong number
 * counts; the third cancels the request (audited).
 */
export async function checkRequestAnswer(
  ctx: AppContext,
  caller: ApiCaller,
  answer: RequestAnswer,
): Promise<CheckedRequest> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<RequestRow & { audience_client_id: string }>(
    `select r.*, o.client_id as audience_client_id
       from verification_requests r join organizations o on o.id = r.organization_id
      where r.id = $1 and r.is_test = $2`,
    [answer.requestId, caller.isTest],
  );
  if (!row) throw requestNotFound();
  const refusal = refusalFor(requestStatus(row, now));
  if (refusal) throw refusal;
  if (answer.audience !== undefined && answer.audience !== row.audience_client_id) {
    throw new AppError('audience_mismatch', 'audience is not the organisation of the request');
  }
  const extra = answer.dataFields.filter((field) => !row.fields.includes(field));
  if (extra.length > 0) {
    throw new AppError('field_not_requested', `Not requested: ${extra.join(', ')}`);
  }
  if (row.subject_hash && answer.subjectNationalId !== undefined) {
    const hash = hashNationalId(ctx.keys.nationalId, answer.subjectNationalId);
    if (hash !== row.subject_hash) {
      throw new AppError('subject_mismatch', 'subject is not the person the request names');
    }
  }
  if (answer.matchNumber !== row.match_number) {
    await countMismatch(ctx, row, caller, now);
    throw new AppError('match_failed', 'The number picked is not the one the requester shows');
  }
  return {
    id: row.id,
    audienceId: row.organization_id,
    subjectHash: row.subject_hash,
    fields: row.fields,
  };
}

async function countMismatch(ctx: AppContext, row: RequestRow, caller: ApiCaller, now: Date) {
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.query<{ status: string }>(
      `update verification_requests
          set failed_matches = failed_matches + 1,
              status = case when failed_matches + 1 >= $3 then 'cancelled' else status end,
              cancelled_at = case when failed_matches + 1 >= $3 then $2 else cancelled_at end
        where id = $1 and status = 'pending'
       returning status`,
      [row.id, now, VERIFICATION_REQUEST_MAX_MISMATCHES],
    );
    if (updated?.status !== 'cancelled') return;
    await appendAudit(tx, [
      {
        organizationId: row.organization_id,
        tokenId: row.id,
        action: 'cancel',
        actorOrganizationId: caller.organizationId,
        actor: actorOf(caller),
        fields: [],
        reason: 'match_failed',
        createdAt: now,
      },
    ]);
  });
}

/**
 * Marks the request fulfilled by this code, before the code is written: of two answers at once,
 * one claims it, the other is refused (409). The code is kept sealed for the audience.
 */
export async function claimRequest(
  ctx: AppContext,
  checked: CheckedRequest,
  code: { tokenId: string; code: string; createdAt: Date; expiresAt: Date },
  issuerOrganizationId: string,
) {
  const [claimed] = await ctx.db.query<{ id: string }>(
    `update verification_requests
        set status = 'fulfilled', token_id = $2, token_expires_at = $3, issuer_organization_id = $4,
            code_sealed = $5, fulfilled_at = $6
      where id = $1 and status = 'pending' and expires_at > $6
     returning id`,
    [
      checked.id,
      code.tokenId,
      code.expiresAt,
      issuerOrganizationId,
      seal(ctx.keys.requestCode, code.code, checked.id),
      code.createdAt,
    ],
  );
  if (claimed) return;
  const [row] = await ctx.db.query<RequestRow>(
    'select * from verification_requests where id = $1',
    [checked.id],
  );
  throw refusalFor(requestStatus(row!, code.createdAt)) ?? new AppError('request_fulfilled');
}

/** A claim whose code could not be written: the request takes answers again. */
export async function releaseRequest(ctx: AppContext, requestId: string, tokenId: string) {
  await ctx.db.query(
    `update verification_requests
        set status = 'pending', token_id = null, token_expires_at = null, issuer_organization_id = null,
            code_sealed = null, fulfilled_at = null
      where id = $1 and token_id = $2`,
    [requestId, tokenId],
  );
}

/**
 * The answer is audited in the audience's chain, and `verification_request.fulfilled` is queued
 * for its webhooks (sent, retried and logged with the security events' deliveries).
 */
export async function recordAnswer(
  ctx: AppContext,
  caller: ApiCaller,
  checked: CheckedRequest,
  dataFields: string[],
  at: Date,
) {
  await ctx.db.transaction(async (tx) => {
    await enqueueRequestWebhooks(tx, { id: checked.id, organizationId: checked.audienceId }, at);
    await appendAudit(tx, [
      {
        organizationId: checked.audienceId,
        tokenId: checked.id,
        action: 'answer',
        actorOrganizationId: caller.organizationId,
        actor: actorOf(caller),
        fields: dataFields,
        reason: null,
        createdAt: at,
      },
    ]);
  });
}

/**
 * Part of the token expiry sweep: pending requests past their expiry become expired (audited),
 * and the sealed code of a fulfilled one goes once the code is used or expired.
 */
export async function expireVerificationRequests(ctx: AppContext): Promise<number> {
  let total = 0;
  const now = ctx.clock.now();
  for (;;) {
    const expired = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; organization_id: string }>(
        `with due as (select id from verification_requests where status = 'pending' and expires_at <= $1
                        order by expires_at limit ${SWEEP_BATCH} for update skip locked)
         update verification_requests r set status = 'expired' from due where r.id = due.id
         returning r.id, r.organization_id`,
        [now],
      );
      await auditExpiries(tx, rows, now);
      return rows.length;
    });
    total += expired;
    if (expired < SWEEP_BATCH) break;
  }
  await ctx.db.query(
    `update verification_requests r set code_sealed = null
      where r.code_sealed is not null
        and (r.token_expires_at <= $1
             or exists (select 1 from tokens t where t.id = r.token_id and t.created_at = r.fulfilled_at
                          and t.status <> 'active'))`,
    [now],
  );
  return total;
}
