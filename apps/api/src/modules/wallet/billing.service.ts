import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
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

export interface BilledCall {
  organizationId: string;
  apiKeyId: string | null;
  endpoint: string;
  statusCode: number;
  costMillis: number;
  at: Date;
  clientIp: string;
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

/**
 * CTEs that bill one call inside a larger statement: the usage row (the unpaid balance is the sum
 * of these rows), written only when `dependsOn` (a CTE) yields a row. `key_first_use` yields a row
 * only on the key's first billed call, `ip_seen` tells whether the key called from this address
 * before. Nothing here locks a row another call of the organisation needs.
 */
export function billingCtes(params: SqlParams, call: BilledCall, dependsOn: string): string {
  const org = params.add(call.organizationId, 'uuid');
  const key = params.add(call.apiKeyId, 'uuid');
  const cost = params.add(call.costMillis, 'bigint');
  const at = params.add(call.at, 'timestamptz');
  const ip = params.add(call.clientIp, 'text');
  const isKnownUsed = !call.apiKeyId || knownKeyUse.get(usedKeyEntry(call.apiKeyId));
  const isKnownAddress =
    !call.apiKeyId || knownKeyUse.get(addressEntry(call.apiKeyId, call.clientIp));
  return `usage_insert as (
      insert into usage_logs (id, organization_id, api_key_id, endpoint, status_code, cost_millis, client_ip, created_at)
      select ${params.add(randomUUID(), 'uuid')}, ${org}, ${key}, ${params.add(call.endpoint, 'text')},
             ${params.add(call.statusCode, 'int')}, ${cost}, ${ip}, ${at}
        from (select 1 from ${dependsOn} limit 1) billed),
    key_first_use as (${
      isKnownUsed
        ? 'select null::uuid as id where false'
        : `update api_keys set first_used_at = ${at}
       where id = ${key} and first_used_at is null and exists (select 1 from ${dependsOn})
      returning id`
    }),
    ip_seen as (${
      isKnownAddress
        ? 'select true as seen'
        : `select exists (select 1 from usage_logs where api_key_id = ${key} and client_ip = ${ip}) as seen`
    })`;
}

/** Select-list items telling what the billed call was a first for (see `KeyUseFlags`). */
export const KEY_USE_FLAGS_SQL =
  'exists (select 1 from key_first_use) as is_first_use, not (select seen from ip_seen) as is_new_ip';

export interface KeyUseFlags {
  is_first_use: boolean;
  is_new_ip: boolean;
}

/** Bills one call on its own statement, inside the caller's transaction. */
export async function recordBilledCall(tx: Queryable, call: BilledCall): Promise<KeyUseFlags> {
  const params = new SqlParams();
  const [row] = await tx.query<KeyUseFlags>(
    `with source as (select 1), ${billingCtes(params, call, 'source')} select ${KEY_USE_FLAGS_SQL}`,
    params.values,
  );
  return row!;
}
