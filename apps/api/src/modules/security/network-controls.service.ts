import { randomUUID } from 'node:crypto';
import type { CountryMode, savedCountryRuleSchema, trustedIpSchema } from '@tanqin/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { countryOf } from '../../lib/geo.ts';

/**
 * Trusted IPs, country rules (codes checked by the shared schema) and the two organisation
 * switches; every change drops the cached policy in every process.
 */
type TrustedIpRow = z.input<typeof trustedIpSchema>;
type CountryRuleRow = z.input<typeof savedCountryRuleSchema>;

export async function listTrustedIps(ctx: AppContext, organizationId: string) {
  return ctx.db.query<TrustedIpRow>(
    `select t.id, t.ip_address, t.ip_range, t.description, t.api_key_id, k.key_name as api_key_name,
            t.usage_count, t.last_seen_at, t.is_active, t.country, t.city, t.created_at
       from trusted_ips t left join api_keys k on k.id = t.api_key_id
      where t.organization_id = $1
      order by t.created_at desc`,
    [organizationId],
  );
}

export async function addTrustedIp(
  ctx: AppContext,
  organizationId: string,
  input: {
    ip_address: string;
    ip_range?: string | null;
    description: string;
    api_key_id?: string | null;
  },
) {
  const apiKeyId = input.api_key_id || null;
  if (apiKeyId) {
    const [key] = await ctx.db.query(
      'select 1 from api_keys where id = $1 and organization_id = $2',
      [apiKeyId, organizationId],
    );
    if (!key) throw notFound('API key');
  }
  const address = input.ip_address.split('/')[0]!;
  const [row] = await ctx.db.query<TrustedIpRow>(
    `with inserted as (
       insert into trusted_ips (id, organization_id, ip_address, ip_range, description, api_key_id, country, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       returning id, ip_address, ip_range, description, api_key_id, usage_count, last_seen_at, is_active, country, city, created_at)
     select t.*, k.key_name as api_key_name from inserted t left join api_keys k on k.id = t.api_key_id`,
    [
      randomUUID(),
      organizationId,
      input.ip_address,
      input.ip_range || null,
      input.description,
      apiKeyId,
      countryOf(address) ?? null,
      ctx.clock.now(),
    ],
  );
  await ctx.invalidation.publish('organization', organizationId);
  return row!;
}

export async function setTrustedIpActive(
  ctx: AppContext,
  organizationId: string,
  id: string,
  isActive: boolean,
) {
  const rows = await ctx.db.query(
    'update trusted_ips set is_active = $3 where id = $1 and organization_id = $2 returning id',
    [id, organizationId, isActive],
  );
  if (!rows.length) throw notFound('Trusted IP');
  await ctx.invalidation.publish('organization', organizationId);
}

export async function deleteTrustedIp(ctx: AppContext, organizationId: string, id: string) {
  const rows = await ctx.db.query(
    'delete from trusted_ips where id = $1 and organization_id = $2 returning id',
    [id, organizationId],
  );
  if (!rows.length) throw notFound('Trusted IP');
  await ctx.invalidation.publish('organization', organizationId);
}

export async function listCountryRules(ctx: AppContext, organizationId: string) {
  return ctx.db.query<CountryRuleRow>(
    'select country_code, is_allowed, created_at from country_rules where organization_id = $1 order by country_code',
    [organizationId],
  );
}

export async function setCountryRule(
  ctx: AppContext,
  organizationId: string,
  countryCode: string,
  isAllowed: boolean,
) {
  const [row] = await ctx.db.query<CountryRuleRow>(
    `insert into country_rules (organization_id, country_code, is_allowed, created_at) values ($1, $2, $3, $4)
     on conflict (organization_id, country_code) do update set is_allowed = excluded.is_allowed
     returning country_code, is_allowed, created_at`,
    [organizationId, countryCode, isAllowed, ctx.clock.now()],
  );
  await ctx.invalidation.publish('organization', organizationId);
  return row!;
}

export async function updateOrganizationSettings(
  ctx: AppContext,
  organizationId: string,
  input: { require_ip_whitelist?: boolean; geo_blocking_enabled?: boolean },
) {
  const [row] = await ctx.db.query<{
    require_ip_whitelist: boolean;
    geo_blocking_enabled: boolean;
  }>(
    `update organizations
        set require_ip_whitelist = coalesce($2, require_ip_whitelist),
            geo_blocking_enabled = coalesce($3, geo_blocking_enabled)
      where id = $1
      returning require_ip_whitelist, geo_blocking_enabled`,
    [organizationId, input.require_ip_whitelist ?? null, input.geo_blocking_enabled ?? null],
  );
  await ctx.invalidation.publish('organization', organizationId);
  return row!;
}

/** The country rules as one policy: on or off, the mode, and the countries it lists. */
export async function getCountryPolicy(ctx: AppContext, organizationId: string) {
  const [row] = await ctx.db.query<{
    enabled: boolean;
    mode: CountryMode;
    countries: string[] | null;
  }>(
    `select o.geo_blocking_enabled as enabled, o.country_mode as mode,
            (select array_agg(r.country_code order by r.country_code) from country_rules r
              where r.organization_id = o.id and r.is_allowed = (o.country_mode = 'allow')) as countries
       from organizations o where o.id = $1`,
    [organizationId],
  );
  return { enabled: row!.enabled, mode: row!.mode, countries: row!.countries ?? [] };
}

/**
 * Replaces the country rules with one list: blocked countries (mode block) or allowed ones
 * (mode allow), in one transaction; every process drops its cached policy.
 */
export async function setCountryPolicy(
  ctx: AppContext,
  organizationId: string,
  input: { enabled?: boolean; mode: CountryMode; countries: string[] },
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      'update organizations set country_mode = $2, geo_blocking_enabled = coalesce($3, geo_blocking_enabled) where id = $1',
      [organizationId, input.mode, input.enabled ?? null],
    );
    await tx.query('delete from country_rules where organization_id = $1', [organizationId]);
    await tx.query(
      `insert into country_rules (organization_id, country_code, is_allowed, created_at)
       select $1, code, $3, $4 from unnest($2::text[]) as code`,
      [organizationId, [...new Set(input.countries)], input.mode === 'allow', now],
    );
  });
  await ctx.invalidation.publish('organization', organizationId);
  return getCountryPolicy(ctx, organizationId);
}

/** A key of the organisation and its own address list, for the address check; else 404. */
export async function keyForCheck(ctx: AppContext, organizationId: string, apiKeyId: string) {
  const [key] = await ctx.db.query<{ id: string; allowed_ips: string[] | null }>(
    'select id, allowed_ips from api_keys where id = $1 and organization_id = $2',
    [apiKeyId, organizationId],
  );
  if (!key) throw notFound('API key');
  return { id: key.id, allowedIps: key.allowed_ips };
}
