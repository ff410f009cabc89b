import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { quarterSql } from '../../db/quarter-hours.ts';
import type { ApiCaller } from '../../lib/api-caller.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** Riyal as a decimal string ("0.005") to integer thousandths (5); config validated the format. */
export function riyalToMillis(riyal: string): number {
  const [whole, fraction = ''] = riyal.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

export function millisToRiyal(millis: number): string {
  const sign = millis < 0 ? '-' : '';
  const abs = Math.abs(millis);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/**
 * Whether a /v1 call is billed: every successful token call is, except those of a test-mode key.
 * The one place the decision is made: a call that is not billed writes no usage row, is in no
 * roll-up and raises no first-use or new-address event (see `billedOnly`).
 */
export function isBillable(caller: Pick<ApiCaller, 'isTest'>): boolean {
  return !caller.isTest;
}

export interface BilledCall {
  /** isBillable(caller): false for a test-mode call, which the billing writes leave out. */
  isBilled: boolean;
  organizationId: string;
  apiKeyId: string | null;
  endpoint: string;
  statusCode: number;
  costMillis: number;
  at: Date;
  clientIp: string;
  /** The call consumed a code (a verify): counted as the organisation's verification. */
  isVerification: boolean;
}

/**
 * "This key has been used" and "this key has called from this address" never become false again,
 * so remembering them is right in any process: the hot path then skips both look-ups.
 */
const knownKeyUse = new TtlCache<true>(24 * 60 * 60_000, 50_000);
const usedKeyEntry = (apiKeyId: string) => `used:${apiKeyId}`;
const addressEntry = (apiKeyId: string, ip: string) => `ip:${apiKeyId}:${ip}`;

/** Called after a billed call committed, with the key and address it came from. */
export function rememberKeyUse(apiKeyId: string | null, clientIp: string) {
  if (!apiKeyId) return;
  knownKeyUse.set(usedKeyEntry(apiKeyId), true);
  knownKeyUse.set(addressEntry(apiKeyId, clientIp), true);
}

export interface KeyUseFlags {
  is_first_use: boolean;
  is_new_ip: boolean;
}

/** What a call that is not billed is a first for: nothing. */
export const NOT_BILLED_FLAGS: KeyUseFlags = { is_first_use: false, is_new_ip: false };

/** The columns the billing CTEs read from their calls, for `json_to_recordset`. */
export const BILLED_CALL_COLUMNS = `id uuid, organization_id uuid, api_key_id uuid, endpoint text,
  status_code int, cost_millis bigint, client_ip text, created_at timestamptz, is_verification boolean`;

export function billedCallRecord(call: BilledCall) {
  return {
    id: randomUUID(),
    organization_id: call.organizationId,
    api_key_id: call.apiKeyId,
    endpoint: call.endpoint,
    status_code: call.statusCode,
    cost_millis: call.costMillis,
    client_ip: call.clientIp,
    created_at: call.at,
    is_verification: call.isVerification,
  };
}

/**
 * The keys and addresses of these calls not yet known to have been used: only those are checked
 * (billingCtes' `key_first_use` and `new_address`).
 */
export function unknownKeyUses(calls: BilledCall[]) {
  const keys = new Set<string>();
  const addresses = new Map<string, { api_key_id: string; client_ip: string }>();
  for (const call of calls) {
    if (!call.apiKeyId) continue;
    if (!knownKeyUse.get(usedKeyEntry(call.apiKeyId))) keys.add(call.apiKeyId);
    const address = addressEntry(call.apiKeyId, call.clientIp);
    if (!knownKeyUse.get(address))
      addresses.set(address, { api_key_id: call.apiKeyId, client_ip: call.clientIp });
  }
  return { keys: [...keys], addresses: JSON.stringify([...addresses.values()]) };
}

/**
 * CTEs that bill calls inside a larger statement: `calls` is a CTE with BILLED_CALL_COLUMNS,
 * `unknown` the SQL of unknownKeyUses' two parameters (uuid[] and json). They write the usage
 * rows (the call log) and add the calls to the roll-ups per organisation, key and quarter hour,
 * per UTC day, per day and per month (by endpoint) of the organisation's time zone, which every figure of the console
 * reads (usage-rollups.ts): all change in one statement, so they can never disagree. `key_first_use` returns the keys billed for the
 * first time, `new_address` the keys calling from an address for the first time.
 *
 * The only rows shared by concurrent calls are the roll-ups' (and, once in a key's life, its
 * row): they are written after `after` (a CTE, e.g. the audit heads' update) and in a fixed order,
 * so concurrent writers lock them in one order and never deadlock.
 */
export function billingCtes(
  calls: string,
  unknown: { keys: string; addresses: string },
  after?: string,
): string {
  return `billing_calls as materialized (
      select * from ${calls}${after ? ` where (select count(*) from ${after}) >= 0` : ''}),
    usage_insert as (
      insert into usage_logs (id, organization_id, api_key_id, endpoint, status_code, cost_millis, client_ip, created_at)
      select id, organization_id, api_key_id, endpoint, status_code, cost_millis, client_ip, created_at
        from billing_calls),
    usage_quarter_upsert as (
      insert into usage_quarter_hours (organization_id, starts_at, api_key_id, calls, cost_millis, last_at)
      select organization_id, ${quarterSql('created_at')}, api_key_id, count(*), sum(cost_millis), max(created_at)
        from billing_calls group by 1, 2, 3 order by 1, 2, 3
      on conflict (organization_id, starts_at, api_key_id) do update
        set calls = usage_quarter_hours.calls + excluded.calls,
            cost_millis = usage_quarter_hours.cost_millis + excluded.cost_millis,
            last_at = greatest(usage_quarter_hours.last_at, excluded.last_at)
      returning 1),
    usage_day_upsert as (
      insert into usage_days (organization_id, day, api_key_id, calls, cost_millis, verifications, last_at, last_ip)
      select organization_id, (created_at at time zone 'UTC')::date, api_key_id, count(*), sum(cost_millis),
             count(*) filter (where is_verification), max(created_at),
             (array_agg(client_ip order by created_at desc))[1]
        from billing_calls where (select count(*) from usage_quarter_upsert) >= 0
       group by 1, 2, 3 order by 1, 2, 3
      on conflict (organization_id, day, api_key_id) do update
        set calls = usage_days.calls + excluded.calls,
            cost_millis = usage_days.cost_millis + excluded.cost_millis,
            verifications = usage_days.verifications + excluded.verifications,
            last_ip = case when excluded.last_at >= usage_days.last_at then excluded.last_ip else usage_days.last_ip end,
            last_at = greatest(usage_days.last_at, excluded.last_at)
      returning 1),
    usage_local_day_upsert as (
      insert into usage_local_days (organization_id, time_zone, day, api_key_id, calls, cost_millis, last_at)
      select c.organization_id, o.time_zone, (c.created_at at time zone o.time_zone)::date, c.api_key_id,
             count(*), sum(c.cost_millis), max(c.created_at)
        from billing_calls c join organizations o on o.id = c.organization_id
       where (select count(*) from usage_day_upsert) >= 0
       group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (organization_id, time_zone, day, api_key_id) do update
        set calls = usage_local_days.calls + excluded.calls,
            cost_millis = usage_local_days.cost_millis + excluded.cost_millis,
            last_at = greatest(usage_local_days.last_at, excluded.last_at)
      returning 1),
    usage_month_upsert as (
      insert into usage_months (organization_id, time_zone, month, api_key_id, endpoint, calls, cost_millis)
      select c.organization_id, o.time_zone, date_trunc('month', c.created_at at time zone o.time_zone)::date,
             c.api_key_id, c.endpoint, count(*), sum(c.cost_millis)
        from billing_calls c join organizations o on o.id = c.organization_id
       where (select count(*) from usage_local_day_upsert) >= 0
       group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (organization_id, time_zone, month, api_key_id, endpoint) do update
        set calls = usage_months.calls + excluded.calls,
            cost_millis = usage_months.cost_millis + excluded.cost_millis
      returning 1),
    key_first_use as (
      update api_keys k set first_used_at = f.used_at
        from (select api_key_id, min(created_at) as used_at from billing_calls
               where api_key_id = any(${unknown.keys}) and (select count(*) from usage_month_upsert) >= 0
               group by api_key_id order by api_key_id) f
       where k.id = f.api_key_id and k.first_used_at is null
      returning k.id),
    new_address as (
      insert into api_key_addresses (api_key_id, client_ip, first_seen_at)
      select c.api_key_id, c.client_ip, min(c.created_at)
        from billing_calls c
        join json_to_recordset(${unknown.addresses}) as a (api_key_id uuid, client_ip text)
             using (api_key_id, client_ip)
       where (select count(*) from key_first_use) >= 0
       group by c.api_key_id, c.client_ip
       order by c.api_key_id, c.client_ip
      on conflict do nothing
      returning api_key_id, client_ip)`;
}

/** Select-list items of billingCtes' findings, read back by `keyUseFlags`. */
export const KEY_USE_FIRSTS_SQL = `(select coalesce(json_agg(id), '[]') from key_first_use) as first_used_keys,
  (select coalesce(json_agg(new_address), '[]') from new_address) as new_addresses`;

export interface KeyUseFirsts {
  first_used_keys: string[];
  new_addresses: { api_key_id: string; client_ip: string }[];
}

/** Per call, in order: the first call of a key (and of a key and address) gets the flag. */
export function keyUseFlags(calls: BilledCall[], firsts: KeyUseFirsts): KeyUseFlags[] {
  const firstUses = new Set(firsts.first_used_keys);
  const newAddresses = new Set(
    firsts.new_addresses.map((a) => addressEntry(a.api_key_id, a.client_ip)),
  );
  return calls.map((call) =>
    call.apiKeyId
      ? {
          is_first_use: firstUses.delete(call.apiKeyId),
          is_new_ip: newAddresses.delete(addressEntry(call.apiKeyId, call.clientIp)),
        }
      : { is_first_use: false, is_new_ip: false },
  );
}

/** Bills calls on their own statement, inside the caller's transaction (see billingCtes). */
export async function recordUsage(tx: Queryable, requested: BilledCall[]): Promise<KeyUseFlags[]> {
  const calls = requested.filter((call) => call.isBilled);
  if (calls.length === 0) return requested.map(() => NOT_BILLED_FLAGS);
  const unknown = unknownKeyUses(calls);
  const [row] = await tx.query<KeyUseFirsts>(
    `with billed as (select * from json_to_recordset($1::json) as c (${BILLED_CALL_COLUMNS})),
     ${billingCtes('billed', { keys: '$2::uuid[]', addresses: '$3::json' })}
     select ${KEY_USE_FIRSTS_SQL}`,
    [JSON.stringify(calls.map(billedCallRecord)), unknown.keys, unknown.addresses],
  );
  const flags = keyUseFlags(calls, row!);
  return requested.map((call) => (call.isBilled ? flags.shift()! : NOT_BILLED_FLAGS));
}
