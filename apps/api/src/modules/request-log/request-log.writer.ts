import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { countryOf } from '../../lib/geo.ts';
import { LATENCY_BUCKETS, latencyBucket } from './latency-histogram.ts';

/** One /v1 call as the hook saw it; the organisation may still have to be found from what was presented. */
export interface LoggedCall {
  at: Date;
  method: string;
  path: string;
  status: number;
  code: string | null;
  latencyMs: number;
  clientIp: string;
  organizationId: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
  isTest: boolean;
  /** A failed authentication: the client id and the API key presented, matched when written. */
  presentedClientId: string | null;
  presentedApiKey: string | null;
}

/** Rows written per statement; a full batch is written at once, a partial one after FLUSH_MS. */
export const FLUSH_BATCH = 500;
export const FLUSH_MS = 1_000;
/** Rows held while the database cannot take them; beyond this the oldest are dropped (and counted). */
const MAX_PENDING = 50_000;

const histogramSql = Array.from(
  { length: LATENCY_BUCKETS },
  (_, bucket) => `count(*) filter (where i.bucket = ${bucket})`,
).join(', ');

/**
 * One statement per batch: the log rows (calls whose organisation is unknown are dropped), the
 * last call of each key that made one (api_keys.last_called_at: a test key's calls are never
 * billed, and its card still tells when it was last used), then the daily roll-up of the same
 * rows added in. Key rows are locked and roll-up rows upserted in key order, so two processes
 * flushing at once wait for each other instead of deadlocking; the lock is the one an update
 * takes anyway, which codes and usage rows naming the key do not wait for.
 */
const FLUSH_SQL = `
with input as (
  select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[],
                       $7::real[], $8::text[], $9::text[], $10::uuid[], $11::uuid[], $12::text[],
                       $13::boolean[], $14::text[], $15::text[], $16::int[])
    as r(id, created_at, method, path, status, code, latency_ms, client_ip, country, organization_id,
         api_key_id, api_key_name, is_test, presented_client_id, presented_api_key, bucket)),
resolved as (
  select r.*, coalesce(r.organization_id, c.id, k.organization_id) as org_id,
         k.id as presented_key_id, k.key_name as presented_key_name, k.organization_id as presented_key_org,
         k.mode = 'test' as presented_key_is_test
    from input r
    left join organizations c on r.organization_id is null and c.client_id = r.presented_client_id
    left join api_keys k on r.organization_id is null and k.api_key = r.presented_api_key),
logged as (
  insert into request_log (id, organization_id, created_at, method, path, status, code, api_key_id,
                           api_key_name, client_ip, country, latency_ms, is_test)
  select v.id, v.org_id, v.created_at, v.method, v.path, v.status, v.code,
         coalesce(v.api_key_id, case when v.presented_key_org = v.org_id then v.presented_key_id end),
         coalesce(v.api_key_name, case when v.presented_key_org = v.org_id then v.presented_key_name end),
         v.client_ip, v.country, v.latency_ms,
         v.is_test or coalesce(v.presented_key_org = v.org_id and v.presented_key_is_test, false)
    from resolved v join organizations o on o.id = v.org_id
  returning id, organization_id, created_at, api_key_id, status, code, is_test),
key_last_call as (
  select distinct on (api_key_id) api_key_id, created_at, client_ip
    from input where api_key_id is not null
   order by api_key_id, created_at desc),
key_lock as (
  select k.id from api_keys k where k.id in (select api_key_id from key_last_call)
   order by k.id for no key update),
key_use as (
  update api_keys k set last_called_at = c.created_at, last_called_ip = c.client_ip
    from key_last_call c
   where k.id = c.api_key_id and (k.last_called_at is null or k.last_called_at < c.created_at)
     and (select count(*) from key_lock) >= 0)
insert into request_daily (organization_id, day, api_key_id, outcome, is_test, requests, latency_histogram)
select l.organization_id, (l.created_at at time zone o.time_zone)::date, l.api_key_id,
       case when l.status < 400 then 'success' else coalesce(l.code, 'http_' || l.status) end, l.is_test,
       count(*), array[${histogramSql}]
  from logged l join input i on i.id = l.id join organizations o on o.id = l.organization_id
 group by 1, 2, 3, 4, 5
 order by 1, 2, 3, 4, 5
on conflict (organization_id, day, api_key_id, outcome, is_test) do update
   set requests = request_daily.requests + excluded.requests,
       latency_histogram = (select array_agg(a + b order by n)
                              from unnest(request_daily.latency_histogram, excluded.latency_histogram)
                                   with ordinality as t(a, b, n))`;

const MAX_REMEMBERED_ADDRESSES = 10_000;
/** Countries of the addresses logged lately: an integrator calls from a few, and a lookup costs more than the rest of its row. */
const countries = new Map<string, string | null>();

function countryOfCaller(ip: string): string | null {
  let country = countries.get(ip);
  if (country === undefined) {
    if (countries.size >= MAX_REMEMBERED_ADDRESSES) countries.clear();
    country = countryOf(ip) ?? null;
    countries.set(ip, country);
  }
  return country;
}

/**
 * The request log's writer: calls are buffered in this process and written by one multi-row
 * statement every FLUSH_MS or FLUSH_BATCH rows, never inside the request's own work (the hook
 * runs after the answer is sent). The cost: a crash loses what was buffered, at most about the
 * last second of log rows. `close()` writes what is left.
 */
export class RequestLogWriter {
  private pending: LoggedCall[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private dropped = 0;
  private isClosed = false;

  private readonly db: Queryable;
  private readonly log: { error(details: object, message: string): void };

  constructor(db: Queryable, log: { error(details: object, message: string): void }) {
    this.db = db;
    this.log = log;
  }

  record(call: LoggedCall) {
    if (this.isClosed) return;
    this.pending.push(call);
    if (this.pending.length > MAX_PENDING) {
      this.dropped += this.pending.length - MAX_PENDING;
      this.pending.splice(0, this.pending.length - MAX_PENDING);
    }
    if (this.pending.length >= FLUSH_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves when it is in the database (or failed and kept). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  async close() {
    await this.flush();
    this.isClosed = true;
  }

  private async writeAll() {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, FLUSH_BATCH);
      try {
        await this.write(batch);
      } catch (error) {
        // Kept for the next flush (the database may be back by then); new calls keep coming.
        this.pending.unshift(...batch);
        this.log.error({ err: error, rows: batch.length }, 'request log not written');
        if (!this.isClosed && !this.timer) {
          this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
          this.timer.unref();
        }
        return;
      }
    }
    if (this.dropped > 0) {
      this.log.error({ rows: this.dropped }, 'request log rows dropped while the database lagged');
      this.dropped = 0;
    }
  }

  private async write(batch: LoggedCall[]) {
    const columns: unknown[][] = Array.from({ length: 16 }, () => []);
    for (const call of batch) {
      const values = [
        randomUUID(),
        call.at,
        call.method,
        call.path,
        call.status,
        call.code,
        call.latencyMs,
        call.clientIp,
        countryOfCaller(call.clientIp),
        call.organizationId,
        call.apiKeyId,
        call.apiKeyName,
        call.isTest,
        call.presentedClientId,
        call.presentedApiKey,
        latencyBucket(call.latencyMs),
      ];
      for (const [index, value] of values.entries()) columns[index]!.push(value);
    }
    await this.db.query(FLUSH_SQL, columns);
  }
}
