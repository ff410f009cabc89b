import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { jwtHeader, lookupHashes, verifyJwt } from '../../lib/key-ring.ts';
import { generateSecret, hasValidChecksum, SECRET_PREFIX } from '../../lib/secret-format.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A sign-in without "remember me": the session ends after 12 hours, its cookie with the browser. */
export const SHORT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Principal {
  userId: string;
  sessionId: string;
  kind: 'organization' | 'individual';
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  /** False: the refresh cookie is a browser-session cookie. */
  persistent: boolean;
}

async function signAccessToken(ctx: AppContext, principal: Principal) {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT({ sid: principal.sessionId, kind: principal.kind })
    .setProtectedHeader(jwtHeader(ctx.keys.jwt))
    .setSubject(principal.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setAudience('tanqin-dashboard')
    .sign(ctx.keys.jwt.current);
}

async function issueRefreshToken(
  ctx: AppContext,
  db: Queryable,
  sessionId: string,
  expiresAt: Date,
) {
  const refreshToken = generateSecret(SECRET_PREFIX.refreshToken, 32);
  await db.query(
    'insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, $3)',
    [hmacSha256(ctx.keys.pepper, refreshToken), sessionId, expiresAt],
  );
  return refreshToken;
}

export async function startSession(
  ctx: AppContext,
  user: { id: string; kind: Principal['kind'] },
  meta: { ip?: string; userAgent?: string },
  options: {
    persistent?: boolean;
    /** More writes that belong to the sign-in (a new device's notice): in its transaction. */
    alsoWrite?: (tx: Queryable) => Promise<void>;
  } = {},
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const persistent = options.persistent ?? true;
  const ttlMs = persistent ? SESSION_TTL_MS : SHORT_SESSION_TTL_MS;
  const expiresAt = new Date(ctx.clock.now().getTime() + ttlMs);
  const refreshToken = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into sessions (id, user_id, expires_at, ip, user_agent, persistent, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [
        sessionId,
        user.id,
        expiresAt,
        meta.ip ?? null,
        meta.userAgent?.slice(0, 300) ?? null,
        persistent,
        ctx.clock.now(),
      ],
    );
    await options.alsoWrite?.(tx);
    return issueRefreshToken(ctx, tx, sessionId, expiresAt);
  });
  return {
    accessToken: await signAccessToken(ctx, { userId: user.id, sessionId, kind: user.kind }),
    refreshToken,
    refreshExpiresAt: expiresAt,
    persistent,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const sessionExpired = () => new AppError('session_expired');

/**
 * Rotates a refresh token. A token presented a second time means it was copied: the whole
 * session is ended (reuse detection), so the thief's copy and the owner's both stop working.
 */
export async function rotateRefreshToken(ctx: AppContext, refreshToken: string | undefined) {
  if (!hasValidChecksum(SECRET_PREFIX.refreshToken, refreshToken)) throw sessionExpired();
  const now = ctx.clock.now();
  // A refresh token issued before a TOKEN_PEPPER rotation is found by its old hash.
  const tokenHashes = lookupHashes(ctx.keys.peppers, refreshToken);
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      session_id: string;
      used_at: Date | null;
      expires_at: Date;
      user_id: string;
      kind: Principal['kind'];
      revoked_at: Date | null;
      persistent: boolean;
    }>(
      `select r.session_id, r.used_at, r.expires_at, s.user_id, u.kind, s.revoked_at, s.persistent
         from refresh_tokens r
         join sessions s on s.id = r.session_id
         join users u on u.id = s.user_id
        where r.token_hash = any($1::text[])
        for update of r`,
      [tokenHashes],
    );
    if (!row) return undefined;
    if (row.used_at) {
      await tx.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [
        row.session_id,
        now,
      ]);
      return 'reused' as const;
    }
    if (row.revoked_at || row.expires_at <= now) return undefined;
    await tx.query('update refresh_tokens set used_at = $2 where token_hash = any($1::text[])', [
      tokenHashes,
      now,
    ]);
    await touchSession(tx, row.session_id, now);
    const next = await issueRefreshToken(ctx, tx, row.session_id, row.expires_at);
    return { ...row, next };
  });
  if (!result || result === 'reused') throw sessionExpired();
  const principal: Principal = {
    userId: result.user_id,
    sessionId: result.session_id,
    kind: result.kind,
  };
  return {
    principal,
    accessToken: await signAccessToken(ctx, principal),
    refreshToken: result.next,
    refreshExpiresAt: result.expires_at,
    persistent: result.persistent,
  };
}

export async function endSessionByRefreshToken(ctx: AppContext, refreshToken: string | undefined) {
  if (!hasValidChecksum(SECRET_PREFIX.refreshToken, refreshToken)) return;
  await ctx.db.query(
    `update sessions set revoked_at = $2
      where revoked_at is null
        and id = (select session_id from refresh_tokens where token_hash = any($1::text[]))`,
    [lookupHashes(ctx.keys.peppers, refreshToken), ctx.clock.now()],
  );
}

export async function endSession(ctx: AppContext, sessionId: string) {
  await ctx.db.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [
    sessionId,
    ctx.clock.now(),
  ]);
}

/** Ends every open session of a user, except optionally the caller's own. */
export async function endUserSessions(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  exceptSessionId?: string,
) {
  const ended = await db.query<{ id: string }>(
    `update sessions set revoked_at = $2
      where user_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)
      returning id`,
    [userId, ctx.clock.now(), exceptSessionId ?? null],
  );
  return ended.length;
}

/** Last activity is written at most this often per session, not on every request. */
export const LAST_SEEN_STEP_MS = 60_000;

/** Records a session's use; a no-op when another request of the same minute already did. */
async function touchSession(db: Queryable, sessionId: string, now: Date) {
  await db.query(
    `update sessions set last_seen_at = $2
      where id = $1 and (last_seen_at is null or last_seen_at <= $3)`,
    [sessionId, now, new Date(now.getTime() - LAST_SEEN_STEP_MS)],
  );
}

/** A signed-in caller, and whether their account is confirmed (an individual's may not be yet). */
export interface Session extends Principal {
  confirmed: boolean;
  /** An individual whose national id is proven at the identity provider. */
  identityProven: boolean;
}

/** Checks a bearer access token and that its session is still open. */
export async function authenticateAccessToken(
  ctx: AppContext,
  token: string | undefined,
): Promise<Session> {
  if (!token) throw new AppError('unauthenticated');
  let payload: { sub?: string } & Record<string, unknown>;
  try {
    ({ payload } = await verifyJwt(ctx.keys.jwt, token, {
      audience: 'tanqin-dashboard',
      algorithms: ['HS256'],
      currentDate: ctx.clock.now(),
    }));
  } catch {
    throw sessionExpired();
  }
  // Signed by us, yet checked: a token with a missing or malformed id is refused, never queried.
  const { sid: sessionId, sub: userId } = payload;
  if (!isUuid(sessionId) || !isUuid(userId)) throw sessionExpired();
  const now = ctx.clock.now();
  // Read on every request, never cached: a session ended anywhere stops here at once.
  const [session] = await ctx.db.query<{
    confirmed: boolean;
    identity_proven: boolean;
    last_seen_at: Date | null;
  }>(
    `select (u.kind = 'organization' or u.confirmed_at is not null) as confirmed,
            (u.identity_proven_at is not null) as identity_proven, s.last_seen_at
       from sessions s join users u on u.id = s.user_id
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3`,
    [sessionId, userId, now],
  );
  if (!session) throw sessionExpired();
  if (
    !session.last_seen_at ||
    now.getTime() - session.last_seen_at.getTime() >= LAST_SEEN_STEP_MS
  ) {
    await touchSession(ctx.db, sessionId, now);
  }
  return {
    userId,
    sessionId,
    kind: payload.kind === 'individual' ? 'individual' : 'organization',
    confirmed: session.confirmed,
    identityProven: session.identity_proven,
  };
}

export interface SessionRow {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date | null;
}

/** The user's open sessions, most recently used first. */
export async function listUserSessions(ctx: AppContext, userId: string) {
  return ctx.db.query<SessionRow>(
    `select id, ip, user_agent, created_at, last_seen_at from sessions
      where user_id = $1 and revoked_at is null and expires_at > $2
      order by coalesce(last_seen_at, created_at) desc, id
      limit 200`,
    [userId, ctx.clock.now()],
  );
}

/** Ends one of the user's own open sessions; false when it is not one (unknown, another's, ended). */
export async function endUserSession(ctx: AppContext, userId: string, sessionId: string) {
  if (!isUuid(sessionId)) return false;
  const rows = await ctx.db.query<{ id: string }>(
    `update sessions set revoked_at = $3
      where id = $1 and user_id = $2 and revoked_at is null and expires_at > $3
      returning id`,
    [sessionId, userId, ctx.clock.now()],
  );
  return rows.length > 0;
}
