import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  OAUTH_TOKEN_TTL_SECONDS,
} from '@tanqin/shared';
import { SignJWT } from 'jose';
import type { AppContext } from '../../app-context.ts';
import type { ApiCaller } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto.ts';
import { InvalidatedCache } from '../../lib/invalidation/invalidated-cache.ts';
import { jwtHeader, verifyJwt } from '../../lib/key-ring.ts';
import {
  hasValidChecksum,
  isApiKeyFormat,
  isApiSecretFormat,
  SECRET_PREFIX,
} from '../../lib/secret-format.ts';
import {
  type ApiKeyCredential,
  findApiKeyCredential,
  isPreviousSecretValid,
  matchApiSecret,
} from '../api-keys/index.ts';
import { noteVerifiedKey, verifiedKeyOf } from './verified-basic.ts';

export const ACCESS_TOKEN_AUDIENCE = 'tanqin-v1';

const invalidKey = () => new AppError('invalid_api_key', 'Invalid API credentials');

interface OrganizationCredential {
  id: string;
  client_id: string;
  client_secret_hash: string;
  client_secret_version: number;
}
// A rotation publishes `organization` with the organisation's id: every process drops it.
const organizationCache = new InvalidatedCache<OrganizationCredential | null>(
  'organization',
  (_clientId, org) => org?.id,
  10_000,
);

async function findOrganizationByClientId(ctx: AppContext, clientId: string) {
  const org = await organizationCache.getOrLoad(clientId, async () => {
    const [row] = await ctx.db.query<OrganizationCredential>(
      'select id, client_id, client_secret_hash, client_secret_version from organizations where client_id = $1',
      [clientId],
    );
    return row ?? null;
  });
  return org ?? undefined;
}

interface Authenticated {
  caller: ApiCaller;
  keyActive: boolean;
  keyExpiresAt: Date | null;
  credentialVersion: number;
  /** Which secret of a key was presented (see `matchApiSecret`); an access token ends with it. */
  secret?: { secretVersion: number; validUntil: Date | null };
}

function keyCaller(key: ApiKeyCredential): Authenticated {
  const caller: ApiCaller = {
    organizationId: key.organization_id,
    clientId: key.client_id,
    apiKeyId: key.id,
    keyName: key.key_name,
    scopes: key.scopes,
    ratePerMinute: key.rate_limit_per_minute,
    ratePerHour: key.rate_limit_per_hour,
    allowedIps: key.allowed_ips,
    isTest: key.mode === 'test',
  };
  return {
    caller,
    keyActive: key.is_active,
    keyExpiresAt: key.expires_at,
    credentialVersion: key.credential_version,
  };
}

function organizationResult(org: OrganizationCredential): Authenticated {
  return {
    caller: organizationCaller(org),
    keyActive: true,
    keyExpiresAt: null,
    credentialVersion: org.client_secret_version,
  };
}

function organizationCaller(org: OrganizationCredential): ApiCaller {
  return {
    organizationId: org.id,
    clientId: org.client_id,
    apiKeyId: null,
    keyName: null,
    scopes: [...DEFAULT_SCOPES],
    ratePerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
    ratePerHour: DEFAULT_RATE_LIMIT_PER_HOUR,
    allowedIps: null,
    isTest: false,
  };
}

/**
 * Checks a client id + secret pair: an API key with its secret, or the organisation's client
 * id with its client secret. The checksum refuses junk before any lookup.
 */
export async function authenticateClientCredentials(
  ctx: AppContext,
  clientId: string,
  clientSecret: string,
  /** The Basic header they came in: a match of the key's current secret is remembered by it. */
  authorization?: string,
): Promise<Authenticated | undefined> {
  if (isApiKeyFormat(clientId)) {
    if (!isApiSecretFormat(clientSecret)) return undefined;
    const key = await findApiKeyCredential(ctx, clientId);
    const secret = key && matchApiSecret(ctx, key, clientSecret);
    if (!secret) return undefined;
    if (authorization && secret.validUntil === null) noteVerifiedKey(authorization, clientId, key);
    return { ...keyCaller(key), secret };
  }
  if (hasValidChecksum(SECRET_PREFIX.clientId, clientId)) {
    if (!hasValidChecksum(SECRET_PREFIX.clientSecret, clientSecret)) return undefined;
    const org = await findOrganizationByClientId(ctx, clientId);
    if (
      !org ||
      !ctx.keys.peppers.some((pepper) =>
        constantTimeEqual(hmacSha256(pepper, clientSecret), org.client_secret_hash),
      )
    ) {
      return undefined;
    }
    return organizationResult(org);
  }
  return undefined;
}

/**
 * An access token for a key (`kid`) or the organisation's client credentials (`cid`), bound to
 * the credential's version (`ver`): a rotation, a switch or a deletion ends it. A key's token
 * also names the version of the secret it was obtained with (`sv`): one obtained with the
 * previous secret during a roll's grace period expires with that secret.
 */
export async function issueAccessToken(
  ctx: AppContext,
  caller: ApiCaller,
  apiKey: string | null,
  credentialVersion: number,
  secret?: Authenticated['secret'],
): Promise<{ accessToken: string; expiresIn: number }> {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const secretEnds = secret?.validUntil ? Math.floor(secret.validUntil.getTime() / 1000) : Infinity;
  const expiresAt = Math.min(now + OAUTH_TOKEN_TTL_SECONDS, secretEnds);
  const accessToken = await new SignJWT({
    org: caller.organizationId,
    cid: caller.clientId,
    kid: apiKey,
    ver: credentialVersion,
    ...(secret && { sv: secret.secretVersion }),
    scope: caller.scopes.join(' '),
  })
    .setProtectedHeader(jwtHeader(ctx.keys.jwt))
    .setSubject(apiKey ? `key:${caller.apiKeyId}` : `org:${caller.organizationId}`)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(ctx.keys.jwt.current);
  return { accessToken, expiresIn: expiresAt - now };
}

/** A key's access token lives while the secret it was obtained with does (tokens from before rolls: version 1). */
function isSecretVersionValid(ctx: AppContext, key: ApiKeyCredential, version: unknown) {
  const tokenVersion = typeof version === 'number' ? version : 1;
  if (tokenVersion === key.secret_version) return true;
  return tokenVersion === key.secret_version - 1 && isPreviousSecretValid(ctx, key);
}

function parseBasic(header: string): [string, string] | undefined {
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return [
    decodeURIComponent(decoded.slice(0, colon)),
    decodeURIComponent(decoded.slice(colon + 1)),
  ];
}

/**
 * Authenticates a /v1 call: `X-Client-Id` plus either `Authorization: Basic key:secret` or a
 * bearer token from /v1/oauth/token. The key's state (active, expiry) is checked by the
 * pipeline, so a disabled key gets its own answer and event.
 */
export async function authenticateApiCall(
  ctx: AppContext,
  headers: { authorization?: string; 'x-client-id'?: string | string[] },
) {
  const clientIdHeader = headers['x-client-id'];
  const clientId = Array.isArray(clientIdHeader) ? clientIdHeader[0] : clientIdHeader;
  const authorization = headers.authorization ?? '';
  if (!authorization)
    throw new AppError('unauthenticated', 'Send Authorization: Basic or Bearer credentials');
  if (!clientId) throw new AppError('client_id_mismatch', 'The X-Client-Id header is required');

  let result: Authenticated | undefined;
  if (/^basic /i.test(authorization)) {
    const known = verifiedKeyOf(authorization);
    if (known) {
      result = {
        ...keyCaller(known),
        secret: { secretVersion: known.secret_version, validUntil: null },
      };
    } else {
      let pair: [string, string] | undefined;
      try {
        pair = parseBasic(authorization);
      } catch {
        pair = undefined;
      }
      if (!pair) throw invalidKey();
      result = await authenticateClientCredentials(ctx, pair[0], pair[1], authorization);
    }
  } else if (/^bearer /i.test(authorization)) {
    result = await authenticateBearer(ctx, authorization.slice(7).trim());
  } else {
    throw invalidKey();
  }
  if (!result) throw invalidKey();
  if (result.caller.clientId !== clientId) {
    throw new AppError('client_id_mismatch');
  }
  return result;
}

const invalidToken = () =>
  new AppError('invalid_token', 'The access token is invalid, expired or revoked', {
    headers: { 'WWW-Authenticate': 'Bearer realm="tanqin", error="invalid_token"' },
  });

async function authenticateBearer(ctx: AppContext, token: string): Promise<Authenticated> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await verifyJwt(ctx.keys.jwt, token, {
      audience: ACCESS_TOKEN_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: ctx.clock.now(),
    }));
  } catch {
    throw invalidToken();
  }
  // Signed by us, yet checked: an id that is not one of ours is refused before any lookup.
  let result: Authenticated | undefined;
  if (payload.kid !== undefined && payload.kid !== null) {
    if (!isApiKeyFormat(payload.kid)) throw invalidToken();
    const key = await findApiKeyCredential(ctx, payload.kid);
    result = key && isSecretVersionValid(ctx, key, payload.sv) ? keyCaller(key) : undefined;
  } else if (hasValidChecksum(SECRET_PREFIX.clientId, payload.cid)) {
    const org = await findOrganizationByClientId(ctx, payload.cid);
    result = org ? organizationResult(org) : undefined;
  }
  // Deleted, rotated, switched off (or on again), or its secret rolled past the grace period since
  // the token was issued: it ends there.
  if (!result || payload.ver !== result.credentialVersion) throw invalidToken();
  // A token asked for fewer scopes than the key has keeps to those; a key that lost scopes since loses them here too.
  const granted = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  result.caller.scopes = result.caller.scopes.filter((scope) => granted.includes(scope));
  return result;
}
