import { randomUUID } from 'node:crypto';
import type { apiKeySchema, KeyMode, Scope, updatedApiKeySchema } from '@tanqin/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto.ts';
import { InvalidatedCache } from '../../lib/invalidation/invalidated-cache.ts';
import { rateWindows } from '../../lib/rate-limit/rate-windows.ts';
import { API_KEY_PREFIXES, generateSecret } from '../../lib/secret-format.ts';
import { dayIn } from '../request-log/index.ts';
import { startOfPeriod, usageSinceParams, usageSinceSql } from '../wallet/index.ts';

/** What the /v1 pipeline needs to know about a key, cached on the hot path. */
export interface ApiKeyCredential {
  id: string;
  organization_id: string;
  client_id: string;
  key_name: string;
  secret_hash: string;
  scopes: Scope[];
  allowed_ips: string[] | null;
  rate_limit_per_hour: number;
  rate_limit_per_minute: number;
  is_active: boolean;
  expires_at: Date | null;
  mode: KeyMode;
  /** Bumped when the key's OAuth access tokens must stop at once (switched off or on). */
  credential_version: number;
  /** The secret before the last roll, accepted until `previous_secret_expires_at`. */
  previous_secret_hash: string | null;
  previous_secret_expires_at: Date | null;
  secret_version: number;
}

// Every change publishes `api-key` with the key's id (all processes drop it); the TTL is a backstop.
const credentialCache = new InvalidatedCache<ApiKeyCredential | null>(
  'api-key',
  (_apiKey, credential) => credential?.id,
  10_000,
);

export async function findApiKeyCredential(
  ctx: AppContext,
  apiKey: string,
): Promise<ApiKeyCredential | undefined> {
  const credential = await credentialCache.getOrLoad(apiKey, async () => {
    const [row] = await ctx.db.query<ApiKeyCredential>(
      `select k.id, k.organization_id, o.client_id, k.key_name, k.secret_hash, k.scopes, k.allowed_ips,
              k.rate_limit_per_hour, k.rate_limit_per_minute, k.is_active, k.expires_at, k.mode,
              k.credential_version, k.previous_secret_hash, k.previous_secret_expires_at,
              k.secret_version
         from api_keys k join organizations o on o.id = k.organization_id
        where k.api_key = $1`,
      [apiKey],
    );
    return row ?? null;
  });
  return credential ?? undefined;
}

/** The key's credential when this process holds it now; never reads the database. */
export function cachedApiKeyCredential(apiKey: string): ApiKeyCredential | undefined {
  return credentialCache.peek(apiKey) ?? undefined;
}

export function hashApiSecret(ctx: AppContext, secret: string) {
  return hmacSha256(ctx.keys.pepper, secret);
}

/**
 * Which of the key's secrets `secret` is: the current one, or the one before the last roll while
 * its grace period lasts (with when that ends). Undefined for anything else.
 */
export function matchApiSecret(
  ctx: AppContext,
  key: ApiKeyCredential,
  secret: string,
): { secretVersion: number; validUntil: Date | null } | undefined {
  // One pass with one pepper; a secret hashed before a TOKEN_PEPPER rotation matches a later one.
  for (const pepper of ctx.keys.peppers) {
    const hash = hmacSha256(pepper, secret);
    if (constantTimeEqual(hash, key.secret_hash)) {
      return { secretVersion: key.secret_version, validUntil: null };
    }
    if (
      key.previous_secret_hash &&
      isPreviousSecretValid(ctx, key) &&
      constantTimeEqual(hash, key.previous_secret_hash)
    ) {
      return { secretVersion: key.secret_version - 1, validUntil: key.previous_secret_expires_at };
    }
  }
  return undefined;
}

export function isPreviousSecretValid(ctx: AppContext, key: ApiKeyCredential) {
  return Boolean(
    key.previous_secret_expires_at && key.previous_secret_expires_at > ctx.clock.now(),
  );
}

function assertFutureExpiry(ctx: AppContext, expiresAt: Date | null | undefined) {
  if (!expiresAt || expiresAt > ctx.clock.now()) return;
  throw new AppError('validation_failed', 'The expiry date must be in the future', {
    errors: [
      {
        path: 'expires_at',
        code: 'expiresAtPast',
        message: 'The expiry date must be in the future',
      },
    ],
  });
}

export async function createApiKey(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  input: {
    key_name: string;
    scopes: Scope[];
    allowed_ips?: string[] | null;
    rate_limit_per_hour: number;
    rate_limit_per_minute: number;
    expires_at?: Date;
    mode: KeyMode;
  },
) {
  assertFutureExpiry(ctx, input.expires_at);
  const prefixes = API_KEY_PREFIXES[input.mode];
  const apiKey = generateSecret(prefixes.key, 16);
  const apiSecret = generateSecret(prefixes.secret, 32);
  const allowedIps = input.allowed_ips?.length ? input.allowed_ips : null;
  const [row] = await ctx.db.query<{ id: string; created_at: Date }>(
    `insert into api_keys (id, organization_id, key_name, api_key, secret_hash, scopes, allowed_ips,
       rate_limit_per_hour, rate_limit_per_minute, expires_at, created_by, created_at, mode)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     returning id, created_at`,
    [
      randomUUID(),
      organizationId,
      input.key_name,
      apiKey,
      hashApiSecret(ctx, apiSecret),
      input.scopes,
      allowedIps,
      input.rate_limit_per_hour,
      input.rate_limit_per_minute,
      input.expires_at ?? null,
      userId,
      ctx.clock.now(),
      input.mode,
    ],
  );
  return {
    id: row!.id,
    key_name: input.key_name,
    api_key: apiKey,
    api_secret: apiSecret,
    scopes: input.scopes,
    allowed_ips: allowedIps,
    rate_limit_per_hour: input.rate_limit_per_hour,
    rate_limit_per_minute: input.rate_limit_per_minute,
    expires_at: input.expires_at ?? null,
    mode: input.mode,
    is_active: true,
    created_at: row!.created_at,
  };
}

type KeyCalls = [sql: string, params: unknown[]];

/**
 * Per key of the organisation: calls in all, today and this month, and the last billed call.
 * Live keys: billed calls, from the usage roll-ups (every total is kept). Test keys are never
 * billed: their successful calls, from the request log's daily roll-up (kept REQUEST_LOG_DAYS).
 * Parameters from $2 on.
 */
function keyCallsSql(mode: KeyMode, now: Date, timeZone: string): KeyCalls {
  if (mode === 'test') {
    const today = dayIn(now, timeZone);
    return [
      `select api_key_id, sum(requests) as usage_count,
              sum(requests) filter (where day = $2::date) as today,
              sum(requests) filter (where day >= $3::date) as month,
              null::timestamptz as last_used_at, null::text as last_used_ip
         from request_daily where organization_id = $1 and is_test and outcome = 'success'
        group by api_key_id`,
      [today, `${today.slice(0, 8)}01`],
    ];
  }
  return [
    `select api_key_id, sum(calls) filter (where period = 'all') as usage_count,
            sum(calls) filter (where period = 'day') as today,
            sum(calls) filter (where period = 'month') as month,
            max(last_at) as last_used_at,
            (array_agg(last_ip order by last_at desc) filter (where period = 'all'))[1] as last_used_ip
       from (select api_key_id, calls, last_at, last_ip, 'all' as period
               from usage_days where organization_id = $1
             union all
             select api_key_id, calls, null, null, 'day'
               from ${usageSinceSql('$1', '$2::timestamptz', '$3::timestamptz')} d
             union all
             select api_key_id, calls, null, null, 'month'
               from ${usageSinceSql('$1', '$4::timestamptz', '$5::timestamptz')} m) u
      group by api_key_id`,
    [
      ...usageSinceParams(startOfPeriod(now, 'day', timeZone)),
      ...usageSinceParams(startOfPeriod(now, 'month', timeZone)),
    ],
  ];
}

/**
 * Every field of the spec's API key entity except the secret, for the keys of one mode, with real
 * counters (keyCallsSql); this minute's and hour's calls from the rate limiter's own windows
 * (every admitted call counts there, billed or not: a 404 for an unknown code, a test key's
 * call); the last use is the key's last call, billed or not (api_keys.last_called_at, which the
 * request log's writer keeps), or its last billed call if later.
 */
export async function listApiKeys(
  ctx: AppContext,
  organization: { id: string; time_zone: string },
  mode: KeyMode,
) {
  const now = ctx.clock.now();
  const [callsSql, callsParams] = keyCallsSql(mode, now, organization.time_zone);
  const nowParam = `$${callsParams.length + 2}`;
  const modeParam = `$${callsParams.length + 3}`;
  const rows = await ctx.db.query<
    Omit<z.input<typeof apiKeySchema>, 'requests_this_hour' | 'requests_this_minute'>
  >(
    `with calls as (${callsSql})
     select k.id, k.key_name, k.api_key, k.mode, k.scopes, k.allowed_ips, k.is_active, k.created_at, k.expires_at,
            k.rate_limit_per_hour, k.rate_limit_per_minute, k.secret_rolled_at,
            case when k.previous_secret_expires_at > ${nowParam} then k.previous_secret_expires_at end
              as previous_secret_expires_at,
            coalesce(c.usage_count, 0)::bigint as usage_count,
            case when c.last_used_at >= k.last_called_at or k.last_called_at is null
                 then c.last_used_at else k.last_called_at end as last_used_at,
            case when c.last_used_at >= k.last_called_at or k.last_called_at is null
                 then c.last_used_ip else k.last_called_ip end as last_used_ip,
            coalesce(c.today, 0)::bigint as requests_today,
            coalesce(c.month, 0)::bigint as requests_this_month,
            (select count(*)::int from security_events e
              where e.organization_id = k.organization_id and e.api_key_id = k.id
                and e.event_severity = 'critical' and e.resolved_at is null)
              as critical_events_count
       from api_keys k
       left join calls c on c.api_key_id = k.id
      where k.organization_id = $1 and k.mode = ${modeParam}
      order by k.created_at desc`,
    [organization.id, ...callsParams, now, mode],
  );
  return Promise.all(
    rows.map(async (row) => {
      const [minute, hour] = rateWindows(
        { apiKeyId: row.id, organizationId: organization.id },
        { perMinute: row.rate_limit_per_minute, perHour: row.rate_limit_per_hour },
      );
      const nowMs = now.getTime();
      const [inMinute, inHour] = await Promise.all([
        ctx.rateLimits.count(minute.key, minute.windowMs, nowMs),
        ctx.rateLimits.count(hour.key, hour.windowMs, nowMs),
      ]);
      return { ...row, requests_this_minute: inMinute, requests_this_hour: inHour };
    }),
  );
}

export interface ApiKeyChanges {
  is_active?: boolean;
  key_name?: string;
  scopes?: Scope[];
  allowed_ips?: string[] | null;
  rate_limit_per_hour?: number;
  rate_limit_per_minute?: number;
  expires_at?: Date | null;
}

const KEY_COLUMNS = `k.id, k.key_name, k.api_key, k.mode, k.scopes, k.allowed_ips, k.is_active, k.rate_limit_per_hour,
  k.rate_limit_per_minute, k.expires_at, k.created_at, k.secret_rolled_at`;

/**
 * Changes a key's settings; every process drops its cached credential at once, so the next call
 * meets the new name, scopes, addresses, limits and expiry. Tells whether it was active before.
 */
export async function updateApiKey(
  ctx: AppContext,
  organizationId: string,
  keyId: string,
  changes: ApiKeyChanges,
) {
  assertFutureExpiry(ctx, changes.expires_at);
  const p = new SqlParams();
  const sets: string[] = [];
  const set = (column: keyof ApiKeyChanges, value: unknown, cast: string) => {
    if (value !== undefined) sets.push(`${column} = ${p.add(value, cast)}`);
  };
  if (changes.is_active !== undefined) {
    const isActive = p.add(changes.is_active, 'boolean');
    // Switching a key off or on again ends its access tokens (their version no longer matches).
    sets.push(
      `is_active = ${isActive}`,
      `credential_version = k.credential_version + case when old.was_active = ${isActive} then 0 else 1 end`,
    );
  }
  set('key_name', changes.key_name, 'text');
  set('scopes', changes.scopes, 'text[]');
  if (changes.allowed_ips !== undefined) {
    sets.push(
      `allowed_ips = ${p.add(changes.allowed_ips?.length ? changes.allowed_ips : null, 'text[]')}`,
    );
  }
  set('rate_limit_per_hour', changes.rate_limit_per_hour, 'int');
  set('rate_limit_per_minute', changes.rate_limit_per_minute, 'int');
  set('expires_at', changes.expires_at, 'timestamptz');
  const [row] = await ctx.db.query<
    Omit<z.input<typeof updatedApiKeySchema>, 'success'> & { was_active: boolean }
  >(
    `update api_keys k set ${sets.join(', ')}
       from (select id, is_active as was_active from api_keys
              where id = ${p.add(keyId, 'uuid')} and organization_id = ${p.add(organizationId, 'uuid')}) old
      where k.id = old.id
      returning ${KEY_COLUMNS}, old.was_active`,
    p.values,
  );
  if (!row) throw notFound('API key');
  await ctx.invalidation.publish('api-key', keyId);
  return row;
}

/**
 * A new secret for the key, shown once. The old one keeps working for `graceSeconds` (0: not at
 * all), so the integrator can deploy the new one first; rolling again ends any earlier grace.
 */
export async function rollApiKeySecret(
  ctx: AppContext,
  organizationId: string,
  keyId: string,
  graceSeconds: number,
) {
  const now = ctx.clock.now();
  const [key] = await ctx.db.query<{ mode: KeyMode }>(
    'select mode from api_keys where id = $1 and organization_id = $2',
    [keyId, organizationId],
  );
  if (!key) throw notFound('API key');
  const apiSecret = generateSecret(API_KEY_PREFIXES[key.mode].secret, 32);
  const graceEnd = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null;
  const [row] = await ctx.db.query<{ api_key: string; key_name: string }>(
    `update api_keys
        set previous_secret_hash = case when $4::timestamptz is null then null else secret_hash end,
            previous_secret_expires_at = $4, secret_hash = $3, secret_version = secret_version + 1,
            secret_rolled_at = $5
      where id = $1 and organization_id = $2
      returning api_key, key_name`,
    [keyId, organizationId, hashApiSecret(ctx, apiSecret), graceEnd, now],
  );
  if (!row) throw notFound('API key');
  await ctx.invalidation.publish('api-key', keyId);
  return {
    id: keyId,
    key_name: row.key_name,
    api_key: row.api_key,
    api_secret: apiSecret,
    previous_secret_expires_at: graceEnd,
    secret_rolled_at: now,
  };
}

export async function deleteApiKey(ctx: AppContext, organizationId: string, keyId: string) {
  const rows = await ctx.db.query(
    'delete from api_keys where id = $1 and organization_id = $2 returning id',
    [keyId, organizationId],
  );
  if (!rows.length) throw notFound('API key');
  await ctx.invalidation.publish('api-key', keyId);
}
