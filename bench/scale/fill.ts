// Fills one organisation's history in SQL (generate_series), as if it had made `size` calls: codes
// with their audit rows, billed calls with their roll-ups (written by the product's own billing
// SQL), the request log with its daily roll-up, security events and a payment. Runs while no
// server holds the database, before the organisation made any /v1 call.
import type { Queryable } from '../../apps/api/src/db/database.ts';
import { LATENCY_BUCKETS } from '../../apps/api/src/modules/request-log/latency-histogram.ts';
import { activeCodeCountCte } from '../../apps/api/src/modules/tokens/active-codes.ts';
import { billingCtes } from '../../apps/api/src/modules/wallet/billing.service.ts';

export interface FillPlan {
  organizationId: string;
  apiKeyIds: string[];
  /** Codes, billed calls and request-log rows, each. */
  size: number;
  /** The person whose history is read (PERSON_CODES codes are theirs): account and national-id hash. */
  person: { userId: string; subjectHash: string };
}

/** Days of history: codes and billed calls (the usage log keeps 90), request log (it keeps 30). */
const CODE_DAYS = 60;
/** The oldest row any table gets: the bench gives each month of it a partition first. */
export const HISTORY_DAYS = CODE_DAYS;
const REQUEST_LOG_DAYS = 28;
/** The person's codes, whatever the size: their history must cost the same at 10 k and 1 M. */
export const PERSON_CODES = 250;
const CHUNK = 100_000;
const COST_MILLIS = 5;

/** The instant of row `i` of `n`, spread evenly over the last `days` days up to now. */
const spreadSql = (days: number) =>
  `now() - interval '${days} days' * (1 - (i + 0.5) / $3::float8)`;

/**
 * Codes: those whose hour has not passed are active, the others used, expired (subject link and
 * ciphertext gone, the person's recorded against their account, as the expiry sweep leaves them)
 * or revoked. Each has its issue row in its
 * audit chain and, unless active, the row that ended it. The audit rows' hashes are placeholders:
 * the chain check is not what this measures. Sequence numbers leave two per code.
 */
const TOKENS_SQL = `
with made as (
  select i, ${spreadSql(CODE_DAYS)} as created_at,
         ($2::uuid[])[1 + i % cardinality($2::uuid[])] as api_key_id
    from generate_series($4::bigint, $5::bigint - 1) i),
shaped as materialized (
  select m.*, m.created_at + interval '1 hour' as expires_at, (i % 64)::int as shard,
         case when m.created_at + interval '1 hour' > now() then 'active'
              when i % 97 < 5 then 'revoked' when i % 97 < 29 then 'expired' else 'used' end as status,
         i % greatest(1, floor($3::float8 / ${PERSON_CODES})::bigint) = 0 as is_persons
    from made m),
inserted as (
  insert into tokens (id, organization_id, audience_organization_id, api_key_id, code_hash, ciphertext,
    data_fields, data_scope, audit_shard, subject_hash, status, created_at, expires_at, used_at,
    used_by_organization_id, revoked_at, revoked_by)
  select 'tok_scale_' || i, $1, $1, api_key_id, encode(sha256(('scale-code-' || i)::bytea), 'hex'),
         case when status = 'active' then repeat('x', 200) end,
         '{full_name,national_id,birth_date}', '{identity}', shard,
         case when status = 'expired' then null
              when is_persons then $6
              else encode(sha256(('scale-subject-' || i % 100000)::bytea), 'hex') end,
         status, created_at, expires_at,
         case when status = 'used' then created_at + interval '2 minutes' end,
         case when status = 'used' then $1::uuid end,
         case when status = 'revoked' then created_at + interval '5 minutes' end,
         case when status = 'revoked' then 'api_key:' || api_key_id end
    from shaped
  returning 1),
audited as (
  insert into audit_log (organization_id, shard, seq, token_id, action, actor_organization_id, actor,
    fields, reason, created_at, prev_hash, hash)
  select $1, s.shard, 2 * (s.i / 64) + e.step, 'tok_scale_' || s.i, e.action,
         case when e.action = 'expire' then null else $1::uuid end,
         case when e.action = 'expire' then 'system:expiry' else 'api_key:' || s.api_key_id end,
         case when e.action in ('issue', 'use') then '{full_name,national_id,birth_date}'::text[] else '{}' end,
         null, e.at, repeat('0', 64), encode(sha256(('scale-audit-' || s.i || e.step)::bytea), 'hex')
    from shaped s
    cross join lateral (values
      (1, 'issue', s.created_at),
      (2, case s.status when 'used' then 'use' when 'revoked' then 'revoke' else 'expire' end,
          case s.status when 'used' then s.created_at + interval '2 minutes'
                        when 'revoked' then s.created_at + interval '5 minutes' else s.expires_at end)
    ) as e(step, action, at)
   where e.step = 1 or s.status <> 'active'
  returning 1),
linked as (
  insert into individual_code_links (user_id, token_id, linked_at)
  select $7, 'tok_scale_' || i, expires_at from shaped
   where is_persons and status = 'expired' and (select count(*) from inserted) >= 0),
still_active as (
  select $1::uuid as organization_id, expires_at, 1 as delta from shaped where status = 'active'),
${activeCodeCountCte('still_active', 'inserted')}
select (select count(*) from inserted)::int as codes, (select count(*) from audited)::int as audit_rows`;

/** Billed calls (half generates, half verifies) through the product's billing SQL and roll-ups. */
const USAGE_SQL = `
with calls as (
  select gen_random_uuid() as id, $1::uuid as organization_id,
         ($2::uuid[])[1 + i % cardinality($2::uuid[])] as api_key_id,
         case when i % 2 = 0 then 'POST /v1/tokens/generate' else 'POST /v1/tokens/verify' end as endpoint,
         case when i % 2 = 0 then 201 else 200 end as status_code, ${COST_MILLIS}::bigint as cost_millis,
         '10.20.' || (i % 8) || '.1' as client_ip, ${spreadSql(CODE_DAYS)} as created_at,
         i % 2 = 1 as is_verification
    from generate_series($4::bigint, $5::bigint - 1) i),
${billingCtes('calls', { keys: `'{}'::uuid[]`, addresses: `'[]'::json` })}
select 1`;

/** /v1 calls of the request log: mostly admitted, some refused, latencies of 1 to 40 ms. */
const REQUEST_LOG_SQL = `
insert into request_log (id, organization_id, created_at, method, path, status, code, api_key_id,
  api_key_name, client_ip, country, latency_ms)
select gen_random_uuid(), $1, ${spreadSql(REQUEST_LOG_DAYS)}, 'POST',
       case when i % 2 = 0 then '/v1/tokens/generate' else '/v1/tokens/verify' end,
       case when i % 50 = 0 then 429 when i % 2 = 0 then 201 else 200 end,
       case when i % 50 = 0 then 'rate_limited' end,
       ($2::uuid[])[1 + i % cardinality($2::uuid[])], 'scale', '10.20.' || (i % 8) || '.1', 'SA',
       1 + (i % 40)
  from generate_series($4::bigint, $5::bigint - 1) i`;

/** latency-histogram.ts's bucket of a latency of at least 0.25 ms, in SQL. */
const bucketSql = `least(${LATENCY_BUCKETS - 1}, ceil(2 * ln(latency_ms) / ln(2)) + 4)::int`;

/** The request log's daily roll-up, once, from the rows above (the organisation had no others). */
const REQUEST_DAILY_SQL = `
insert into request_daily (organization_id, day, api_key_id, outcome, is_test, requests, latency_histogram)
select l.organization_id, (l.created_at at time zone o.time_zone)::date, l.api_key_id,
       case when l.status < 400 then 'success' else l.code end, l.is_test, count(*),
       array[${Array.from({ length: LATENCY_BUCKETS }, (_, b) => `count(*) filter (where l.bucket = ${b})`).join(', ')}]
  from (select *, ${bucketSql} as bucket from request_log where organization_id = $1) l
  join organizations o on o.id = l.organization_id
 group by 1, 2, 3, 4, 5`;

const EVENT_TYPES = [
  'rate_limit_exceeded',
  'ip_blocked',
  'geo_blocked',
  'invalid_scope',
  'new_ip_detected',
];

/** One security event per hundred calls; one in ten still open, the rate-limit ones counted as blocked. */
const EVENTS_SQL = `
insert into security_events (id, organization_id, event_type, event_severity, event_description, client_ip,
  request_path, request_method, api_key_id, api_key_name, dedupe_key, occurrences, created_at,
  last_seen_at, resolved_at, is_blocked_request)
select gen_random_uuid(), $1, t.type, case when i % 97 = 0 then 'critical' when i % 3 = 0 then 'warning' else 'info' end,
       'Scale bench event', '10.20.' || (i % 8) || '.1', '/v1/tokens/generate', 'POST',
       ($2::uuid[])[1 + i % cardinality($2::uuid[])], 'scale', 'scale-' || gen_random_uuid(), 1 + i % 3,
       at, at, case when i % 10 <> 0 then at + interval '1 hour' end, t.type <> 'new_ip_detected'
  from (select i, ${spreadSql(CODE_DAYS)} as at from generate_series(0, ($3::float8 / 100)::bigint - 1) i) s,
       lateral (select (array['${EVENT_TYPES.join("','")}'])[1 + s.i % ${EVENT_TYPES.length}] as type) t`;

/** A payment thirty days ago of everything billed until then. */
const PAYMENT_SQL = `
insert into wallet_payments (id, organization_id, amount_millis, paid_at)
select gen_random_uuid(), $1, coalesce(sum(cost_millis), 0), now() - interval '30 days'
  from usage_logs where organization_id = $1 and created_at <= now() - interval '30 days'`;

/** Each chain head moves to its last row, so new codes continue the chains. */
const HEADS_SQL = `
update audit_chain_heads h set last_seq = last.seq, last_hash = last.hash
  from generate_series(0, 63) s,
       lateral (select seq, hash from audit_log a where a.organization_id = $1 and a.shard = s
                 order by seq desc limit 1) last
 where h.organization_id = $1 and h.shard = s`;

/**
 * The filled history is the past, as history was when migration 0026 ran: the person notices job
 * starts reading the chains after it (else it would read the million rows and tell the person
 * about them while the bench measures).
 */
const NOTICE_CURSORS_SQL = `
insert into person_notice_cursors (organization_id, shard, last_seq)
select organization_id, shard, last_seq from audit_chain_heads where organization_id = $1
on conflict (organization_id, shard) do update set last_seq = excluded.last_seq`;

/** The tables the fill writes millions of rows to. */
const BULK_TABLES = ['tokens', 'audit_log', 'usage_logs', 'request_log'];

/**
 * Drops the bulk tables' secondary indexes and unique constraints (primary keys stay) and
 * resolves a function that makes them again as they were: a bulk load's usual way, one sort per
 * index at the end instead of millions of random inserts into it (10 M codes took 30 minutes
 * with their indexes in place). On a partitioned table the parent's index covers every partition.
 */
async function setIndexesAside(db: Queryable): Promise<() => Promise<void>> {
  const indexes = await db.query<{
    table: string;
    name: string;
    def: string;
    constraint: string | null;
  }>(
    `select c.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as def,
            pg_get_constraintdef(con.oid) as constraint
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class c on c.oid = x.indrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       left join pg_constraint con on con.conindid = x.indexrelid and con.conrelid = c.oid
      where c.relname = any($1) and not x.indisprimary`,
    [BULK_TABLES],
  );
  for (const index of indexes) {
    await db.query(
      index.constraint
        ? `alter table ${index.table} drop constraint ${index.name}`
        : `drop index ${index.name}`,
    );
  }
  return async () => {
    await db.query(`set maintenance_work_mem = '512MB'`);
    for (const index of indexes) {
      await db.query(
        index.constraint
          ? `alter table ${index.table} add constraint ${index.name} ${index.constraint}`
          : // A partitioned table's index is printed `on only` (no partition's index made).
            index.def.replace(' ON ONLY ', ' ON '),
      );
    }
    const invalid = await db.query<{ name: string }>(
      `select x.indexrelid::regclass::text as name from pg_index x
        where x.indrelid = any($1::regclass[]) and not x.indisvalid`,
      [BULK_TABLES],
    );
    if (invalid.length) throw new Error(`indexes not made again: ${invalid.map((i) => i.name)}`);
  };
}

/** Fills the organisation's history; returns the seconds each part took. */
export async function fillOrganisation(db: Queryable, plan: FillPlan) {
  const seconds: Record<string, number> = {};
  const timed = async (part: string, sql: string, params: unknown[]) => {
    const started = performance.now();
    await db.query(sql, params);
    seconds[part] = (seconds[part] ?? 0) + (performance.now() - started) / 1000;
  };
  const [heads] = await db.query<{ seq: number }>(
    'select coalesce(max(last_seq), 0)::int as seq from audit_chain_heads where organization_id = $1',
    [plan.organizationId],
  );
  if (heads!.seq !== 0) throw new Error('fill before the organisation makes any /v1 call');
  const base = [plan.organizationId, plan.apiKeyIds, plan.size];
  let started = performance.now();
  const restoreIndexes = await setIndexesAside(db);
  seconds['indexes set aside'] = (performance.now() - started) / 1000;
  for (let lo = 0; lo < plan.size; lo += CHUNK) {
    const hi = Math.min(plan.size, lo + CHUNK);
    await timed('codes and audit rows', TOKENS_SQL, [
      ...base,
      lo,
      hi,
      plan.person.subjectHash,
      plan.person.userId,
    ]);
    await timed('billed calls', USAGE_SQL, [...base, lo, hi]);
    await timed('request log', REQUEST_LOG_SQL, [...base, lo, hi]);
  }
  started = performance.now();
  await restoreIndexes();
  seconds['indexes made again'] = (performance.now() - started) / 1000;
  await timed('request log roll-up', REQUEST_DAILY_SQL, [plan.organizationId]);
  await timed('events', EVENTS_SQL, base);
  await timed('payment', PAYMENT_SQL, [plan.organizationId]);
  await timed('audit heads', HEADS_SQL, [plan.organizationId]);
  await timed('audit heads', NOTICE_CURSORS_SQL, [plan.organizationId]);
  await timed('analyze', 'analyze', []);
  return seconds;
}
