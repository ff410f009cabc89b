import {
  type CountryMode,
  type IpRange,
  ipInRange,
  type NetworkCheck,
  parseIpRange,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { ApiCaller, RequestMeta } from '../../lib/api-caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { countryOf } from '../../lib/geo.ts';
import { InvalidatedCache } from '../../lib/invalidation/invalidated-cache.ts';
import { Refusal } from '../../lib/refusal.ts';

interface TrustedEntry {
  id: string;
  apiKeyId: string | null;
  ranges: IpRange[];
}

/** An organisation's network policy, as the /v1 pipeline needs it on every call. */
interface NetworkPolicy {
  requireIpWhitelist: boolean;
  geoBlockingEnabled: boolean;
  trustedIps: TrustedEntry[];
  countryMode: CountryMode;
  /** Countries ruled not allowed (mode block) or allowed (mode allow). */
  listedCountries: Set<string>;
}

// Keyed by organisation id; every change publishes `organization` (see network-controls).
const policyCache = new InvalidatedCache<NetworkPolicy>(
  'organization',
  (organizationId) => organizationId,
  10_000,
);

const loadPolicy = (ctx: AppContext, organizationId: string) =>
  policyCache.getOrLoad(organizationId, () => readPolicy(ctx, organizationId));

async function readPolicy(ctx: AppContext, organizationId: string): Promise<NetworkPolicy> {
  const [settings] = await ctx.db.query<{
    require_ip_whitelist: boolean;
    geo_blocking_enabled: boolean;
    country_mode: CountryMode;
  }>(
    'select require_ip_whitelist, geo_blocking_enabled, country_mode from organizations where id = $1',
    [organizationId],
  );
  const trusted = await ctx.db.query<{
    id: string;
    api_key_id: string | null;
    ip_address: string;
    ip_range: string | null;
  }>(
    'select id, api_key_id, ip_address, ip_range from trusted_ips where organization_id = $1 and is_active',
    [organizationId],
  );
  const countryMode = settings?.country_mode ?? 'block';
  const listed = await ctx.db.query<{ country_code: string }>(
    'select country_code from country_rules where organization_id = $1 and is_allowed = $2',
    [organizationId, countryMode === 'allow'],
  );
  return {
    requireIpWhitelist: settings?.require_ip_whitelist ?? false,
    geoBlockingEnabled: settings?.geo_blocking_enabled ?? false,
    trustedIps: trusted.map((row) => ({
      id: row.id,
      apiKeyId: row.api_key_id,
      ranges: [row.ip_address, row.ip_range]
        .filter((entry): entry is string => Boolean(entry))
        .map((entry) => parseIpRange(entry))
        .filter((range): range is IpRange => Boolean(range)),
    })),
    countryMode,
    listedCountries: new Set(listed.map((row) => row.country_code)),
  };
}

/**
 * Uses of trusted IPs, counted in memory and added to the rows every few seconds, so the hot
 * path never writes (and never queues on) a trusted-IP row. Kept per context (one per server).
 */
const pendingUsesByContext = new WeakMap<
  AppContext,
  Map<string, { count: number; lastSeenAt: Date }>
>();

function pendingUses(ctx: AppContext) {
  let uses = pendingUsesByContext.get(ctx);
  if (!uses) {
    uses = new Map();
    pendingUsesByContext.set(ctx, uses);
  }
  return uses;
}

export async function flushTrustedIpUsage(ctx: AppContext) {
  const uses = pendingUses(ctx);
  const batch = [...uses.entries()];
  uses.clear();
  for (const [index, [id, use]] of batch.entries()) {
    try {
      await ctx.db.query(
        `update trusted_ips set usage_count = usage_count + $2,
                last_seen_at = greatest(coalesce(last_seen_at, $3), $3) where id = $1`,
        [id, use.count, use.lastSeenAt],
      );
    } catch (error) {
      // Not lost: what was not written is counted again on the next flush.
      for (const [pendingId, pendingUse] of batch.slice(index))
        notePendingUse(ctx, pendingId, pendingUse);
      throw error;
    }
  }
}

function notePendingUse(ctx: AppContext, id: string, use: { count: number; lastSeenAt: Date }) {
  const uses = pendingUses(ctx);
  const known = uses.get(id);
  uses.set(id, {
    count: (known?.count ?? 0) + use.count,
    lastSeenAt: known && known.lastSeenAt > use.lastSeenAt ? known.lastSeenAt : use.lastSeenAt,
  });
}

function matchTrustedIp(policy: NetworkPolicy, apiKeyId: string | null, ip: string) {
  return policy.trustedIps.find(
    (entry) =>
      (entry.apiKeyId === null || entry.apiKeyId === apiKeyId) &&
      entry.ranges.some((range) => ipInRange(ip, range)),
  );
}

type Check = NetworkCheck['checks'][number];

/** A key's own address list (allowed_ips): the first rule /v1 applies. */
export function keyIpsCheck(allowedIps: string[] | null | undefined, ip: string): Check {
  if (!allowedIps?.length) return { rule: 'key_ips', outcome: 'off', reason: 'key_has_no_list' };
  const inList = allowedIps.some((entry) => {
    const range = parseIpRange(entry);
    return range ? ipInRange(ip, range) : false;
  });
  return inList
    ? { rule: 'key_ips', outcome: 'pass', reason: 'in_key_list' }
    : { rule: 'key_ips', outcome: 'refuse', reason: 'not_in_key_list' };
}

function trustedIpsCheck(policy: NetworkPolicy, trusted: boolean): Check {
  if (!policy.requireIpWhitelist)
    return { rule: 'trusted_ips', outcome: 'off', reason: 'switch_off' };
  return trusted
    ? { rule: 'trusted_ips', outcome: 'pass', reason: 'trusted' }
    : { rule: 'trusted_ips', outcome: 'refuse', reason: 'not_trusted' };
}

function countriesCheck(policy: NetworkPolicy, country: string | null): Check {
  if (!policy.geoBlockingEnabled)
    return { rule: 'countries', outcome: 'off', reason: 'switch_off' };
  // Loopback, private and unknown addresses have no country: they pass.
  if (!country) return { rule: 'countries', outcome: 'pass', reason: 'no_country' };
  const listed = policy.listedCountries.has(country);
  if (policy.countryMode === 'allow')
    return listed
      ? { rule: 'countries', outcome: 'pass', reason: 'allowed' }
      : { rule: 'countries', outcome: 'refuse', reason: 'not_allowed' };
  return listed
    ? { rule: 'countries', outcome: 'refuse', reason: 'blocked' }
    : { rule: 'countries', outcome: 'pass', reason: 'not_blocked' };
}

/**
 * IP allow-listing: with require_ip_whitelist on, only active trusted IPs (for all keys or this
 * one) pass. A call from a trusted IP counts as a use of it whether the switch is on or off.
 */
export async function trustedIpGuard(ctx: AppContext, caller: ApiCaller, meta: RequestMeta) {
  const policy = await loadPolicy(ctx, caller.organizationId);
  const match = policy.trustedIps.length
    ? matchTrustedIp(policy, caller.apiKeyId, meta.ip)
    : undefined;
  if (match) notePendingUse(ctx, match.id, { count: 1, lastSeenAt: ctx.clock.now() });
  if (trustedIpsCheck(policy, Boolean(match)).outcome !== 'refuse') return;
  throw new Refusal(
    new AppError('ip_not_allowed', `Requests from ${meta.ip} are not in the trusted IPs`),
    {
      type: 'ip_blocked',
      severity: 'warning',
      description: `Request from ${meta.ip} refused: not a trusted IP`,
    },
  );
}

/** Country rules: with geo_blocking_enabled on, the policy's mode and list decide. */
export async function countryGuard(ctx: AppContext, caller: ApiCaller, meta: RequestMeta) {
  const policy = await loadPolicy(ctx, caller.organizationId);
  if (!policy.geoBlockingEnabled) return;
  const country = countryOf(meta.ip) ?? null;
  if (countriesCheck(policy, country).outcome !== 'refuse') return;
  throw new Refusal(new AppError('country_not_allowed', `Requests from ${country} are blocked`), {
    type: 'geo_blocked',
    severity: 'warning',
    description: `Request from ${meta.ip} (${country}) refused: country blocked`,
    additionalData: { country },
  });
}

/**
 * Whether a /v1 call from `ip` (with the given key, if any) would pass every network rule, in
 * the order the pipeline applies them, and which rule refuses it. Reads the same policy the
 * guards read; counts no use of a trusted IP.
 */
export async function checkAddress(
  ctx: AppContext,
  organizationId: string,
  ip: string,
  key: { id: string; allowedIps: string[] | null } | null,
): Promise<NetworkCheck> {
  const policy = await readPolicy(ctx, organizationId);
  const country = countryOf(ip) ?? null;
  const checks: Check[] = [
    key ? keyIpsCheck(key.allowedIps, ip) : { rule: 'key_ips', outcome: 'off', reason: 'no_key' },
    trustedIpsCheck(policy, Boolean(matchTrustedIp(policy, key?.id ?? null, ip))),
    countriesCheck(policy, country),
  ];
  const refusal = checks.find((check) => check.outcome === 'refuse');
  return {
    ip_address: ip,
    country,
    allowed: !refusal,
    decided_by: refusal?.rule ?? null,
    checks,
  };
}
