import {
  type IdentityComplete,
  type IdentityStatus,
  identityProofRefusedMessage,
  type MessageLanguage,
  toAsciiDigits,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { OWN_ADDRESS } from '../../lib/destination-limit.ts';
import { hashNationalId } from '../../lib/identity.ts';
import { MESSAGE_LANGUAGE_SQL } from '../../lib/message-language.ts';
import { sendMessage } from '../../lib/send-message.ts';
import { authorizationRequest, redeemAuthorizationCode } from './relying-party.ts';

/** Minutes a sign-in at the identity provider may take before its state is forgotten. */
const PROOF_REQUEST_TTL_MS = 10 * 60_000;
/** Sign-ins one account may start in an hour. */
const MAX_STARTS_PER_HOUR = 20;

const stateHash = (ctx: AppContext, state: string) =>
  hmacSha256(ctx.keys.pepper, `identity-proof-state:${state}`);

interface IdentityRow {
  kind: string;
  language: 'ar' | 'en';
  national_id_hash: string | null;
  national_id_last4: string | null;
  correction_last4: string | null;
  correction_expires_at: Date | null;
  identity_proven_at: Date | null;
  identity_provider: string | null;
  identity_locked_at: Date | null;
  two_factor_enabled_at: Date | null;
}

async function individual(ctx: AppContext, userId: string): Promise<IdentityRow> {
  const [row] = await ctx.db.query<IdentityRow>(
    `select kind, language, users.national_id_hash, users.national_id_last4, identity_proven_at,
            identity_provider, identity_locked_at, two_factor_enabled_at,
            c.national_id_last4 as correction_last4, c.expires_at as correction_expires_at
       from users
       left join identity_corrections c on c.user_id = users.id and c.expires_at > $2
      where users.id = $1`,
    [userId, ctx.clock.now()],
  );
  if (row?.kind !== 'individual' || !row.national_id_hash) {
    throw new AppError('forbidden', 'This is for individual accounts');
  }
  return row;
}

function status(ctx: AppContext, row: IdentityRow): IdentityStatus {
  return {
    proven: row.identity_proven_at !== null,
    proven_at: row.identity_proven_at?.toISOString() ?? null,
    provider: row.identity_provider,
    development_provider: ctx.config.identity.development,
    locked: row.identity_locked_at !== null,
    locked_at: row.identity_locked_at?.toISOString() ?? null,
    unlock_needs_code: row.two_factor_enabled_at !== null,
    correction:
      row.correction_last4 && row.correction_expires_at && row.identity_proven_at === null
        ? {
            typed_last4: row.national_id_last4,
            proven_last4: row.correction_last4,
            expires_at: row.correction_expires_at.toISOString(),
          }
        : null,
  };
}

export async function identityStatus(ctx: AppContext, userId: string): Promise<IdentityStatus> {
  return status(ctx, await individual(ctx, userId));
}

/** `POST /individuals/me/identity/start`: where to send the browser to sign in at the provider. */
export async function startIdentityProof(
  ctx: AppContext,
  userId: string,
  log: FastifyBaseLogger,
): Promise<{ authorization_url: string }> {
  const { language } = await individual(ctx, userId);
  const now = ctx.clock.now();
  const limit = await ctx.rateLimits.consume(
    [{ key: `identity-start:${userId}`, limit: MAX_STARTS_PER_HOUR, windowMs: 60 * 60_000 }],
    now.getTime(),
  );
  if (!limit.allowed) {
    const seconds = Math.max(1, Math.ceil((limit.states[0]?.resetMs ?? 0) / 1000));
    throw new AppError('too_many_requests', 'Too many identity sign-ins started', {
      headers: { 'Retry-After': String(seconds) },
    });
  }
  const request = await authorizationRequest(ctx.config, log, language);
  await ctx.db.query(
    'delete from identity_proof_requests where user_id = $1 and expires_at <= $2',
    [userId, now],
  );
  await ctx.db.query(
    `insert into identity_proof_requests (state_hash, user_id, nonce, code_verifier, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [
      stateHash(ctx, request.state),
      userId,
      request.nonce,
      request.codeVerifier,
      new Date(now.getTime() + PROOF_REQUEST_TTL_MS),
    ],
  );
  return { authorization_url: request.url };
}

/** The national id in the ID token, as the digits the registration kept. */
function provenNationalId(ctx: AppContext, claims: Record<string, unknown>): string {
  const value = claims[ctx.config.identity.nationalIdClaim];
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new AppError(
      'identity_proof_failed',
      `The identity provider did not share the claim ${ctx.config.identity.nationalIdClaim}`,
    );
  }
  return toAsciiDigits(String(value)).replace(/[\s-]/g, '');
}

/**
 * The owner of the account that proved this national id learns that another account proved it
 * at the identity provider too (by email and SMS; a failed send is logged).
 */
async function tellProvenOwner(
  ctx: AppContext,
  log: FastifyBaseLogger,
  owner: {
    email: string;
    phone: string | null;
    national_id_last4: string | null;
    language: MessageLanguage;
  },
  at: Date,
) {
  const message = identityProofRefusedMessage(owner.national_id_last4 ?? '', at, owner.language);
  const sends = [sendMessage(ctx, 'email', owner.email, message, OWN_ADDRESS)];
  if (owner.phone) sends.push(sendMessage(ctx, 'sms', owner.phone, message, OWN_ADDRESS));
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') {
      log.error({ err: result.reason }, 'identity notice could not be sent');
    }
  }
}

const provenElsewhere = async (ctx: AppContext, nationalIdHash: string, userId: string) =>
  (
    await ctx.db.query(
      'select 1 from users where national_id_hash = $1 and identity_proven_at is not null and id <> $2',
      [nationalIdHash, userId],
    )
  ).length > 0;

/** identity_already_proven, once the owner of the account that proved the id has been told. */
async function refuseProvenElsewhere(
  ctx: AppContext,
  log: FastifyBaseLogger,
  nationalIdHash: string,
  userId: string,
  now: Date,
) {
  const [owner] = await ctx.db.query<{
    email: string;
    phone: string | null;
    national_id_last4: string | null;
    language: MessageLanguage;
  }>(
    `select email, phone, national_id_last4, ${MESSAGE_LANGUAGE_SQL} as language from users
      where national_id_hash = $1 and identity_proven_at is not null and id <> $2`,
    [nationalIdHash, userId],
  );
  if (owner) await tellProvenOwner(ctx, log, owner, now);
  return new AppError('identity_already_proven');
}

/** Runs the update that proves the account's id; two accounts at once: the unique index lets one. */
async function markProven(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  nationalIdHash: string,
  now: Date,
  update: (tx: Queryable) => Promise<unknown>,
) {
  try {
    await ctx.db.transaction(update);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw await refuseProvenElsewhere(ctx, log, nationalIdHash, userId, now);
    }
    throw error;
  }
}

/**
 * `POST /individuals/me/identity/correction`: the person confirms that the national id the
 * provider proved replaces the one typed at registration. The codes of the typed id never show:
 * the account's codes are those of its (now proven) id.
 */
export async function confirmIdentityCorrection(
  ctx: AppContext,
  userId: string,
  log: FastifyBaseLogger,
): Promise<IdentityStatus> {
  const account = await individual(ctx, userId);
  const now = ctx.clock.now();
  const [pending] = await ctx.db.query<{ national_id_hash: string; national_id_last4: string }>(
    `select national_id_hash, national_id_last4 from identity_corrections
      where user_id = $1 and expires_at > $2`,
    [userId, now],
  );
  if (!pending || account.identity_proven_at) {
    throw new AppError(
      'identity_proof_failed',
      'No proven national id awaits confirmation: prove your identity again',
    );
  }
  await markProven(ctx, log, userId, pending.national_id_hash, now, async (tx) => {
    await tx.query('delete from identity_corrections where user_id = $1', [userId]);
    await tx.query(
      `update users set national_id_hash = $2, national_id_last4 = $3, identity_proven_at = $4,
              identity_provider = $5
        where id = $1 and identity_proven_at is null`,
      [
        userId,
        pending.national_id_hash,
        pending.national_id_last4,
        now,
        ctx.config.identity.issuer,
      ],
    );
  });
  return identityStatus(ctx, userId);
}

/**
 * `POST /individuals/me/identity/complete`: redeems the code the provider returned. The national
 * id in the ID token must be the account's (another one is offered as a correction); an id another
 * account has proven is refused and that account's owner is told.
 */
export async function completeIdentityProof(
  ctx: AppContext,
  userId: string,
  input: IdentityComplete & { iss?: string },
  log: FastifyBaseLogger,
): Promise<IdentityStatus> {
  const account = await individual(ctx, userId);
  const now = ctx.clock.now();
  // The state is single use: read and forgotten at once, and only by the account that started it.
  const [pending] = await ctx.db.query<{ nonce: string; code_verifier: string }>(
    `delete from identity_proof_requests
      where state_hash = $1 and user_id = $2 and expires_at > $3
      returning nonce, code_verifier`,
    [stateHash(ctx, input.state), userId, now],
  );
  if (!pending) {
    throw new AppError('identity_proof_failed', 'Unknown or expired state: start again');
  }
  const claims = await redeemAuthorizationCode(ctx.config, log, input, {
    state: input.state,
    nonce: pending.nonce,
    codeVerifier: pending.code_verifier,
  });
  const provenId = provenNationalId(ctx, claims);
  const nationalIdHash = hashNationalId(ctx.keys.nationalId, provenId);
  // A proven account keeps its id.
  if (account.identity_proven_at) {
    if (nationalIdHash === account.national_id_hash) return status(ctx, account);
    throw new AppError('identity_mismatch');
  }
  if (await provenElsewhere(ctx, nationalIdHash, userId)) {
    throw await refuseProvenElsewhere(ctx, log, nationalIdHash, userId, now);
  }
  if (nationalIdHash !== account.national_id_hash) {
    // The id typed at registration may be a typo: the proven one waits for the person to confirm
    // it replaces it (POST .../identity/correction).
    await ctx.db.query(
      `insert into identity_corrections (user_id, national_id_hash, national_id_last4, expires_at)
       values ($1, $2, $3, $4)
       on conflict (user_id) do update set national_id_hash = excluded.national_id_hash,
         national_id_last4 = excluded.national_id_last4, expires_at = excluded.expires_at`,
      [userId, nationalIdHash, provenId.slice(-4), new Date(now.getTime() + PROOF_REQUEST_TTL_MS)],
    );
    throw new AppError('identity_mismatch');
  }
  await markProven(ctx, log, userId, nationalIdHash, now, (tx) =>
    tx.query(
      `update users set identity_proven_at = $2, identity_provider = $3
        where id = $1 and identity_proven_at is null`,
      [userId, now, ctx.config.identity.issuer],
    ),
  );
  return identityStatus(ctx, userId);
}
