-- Locks: new tables only.
-- Every /v1 call, admitted or refused, per organisation, kept REQUEST_LOG_DAYS (swept hourly).
-- Written in batches off the request path (modules/request-log), so rows of the last second can
-- be lost in a crash. The key id is kept without a foreign key: a deleted key's calls stay listed.
create table request_log (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  created_at timestamptz not null,
  method text not null,
  path text not null,
  status integer not null,
  code text,
  api_key_id uuid,
  api_key_name text,
  client_ip text,
  country text,
  latency_ms real not null,
  is_test boolean not null default false
);
create index request_log_organization_idx on request_log (organization_id, created_at desc, id desc);
create index request_log_key_idx on request_log (organization_id, api_key_id, created_at desc, id desc);
-- Rows arrive in time order: a BRIN index serves the retention sweep at almost no write cost.
create index request_log_created_brin on request_log using brin (created_at);

-- Daily roll-up of the log, per organisation, its calendar day (in its time zone), key, outcome
-- (`success` or the problem code) and mode, maintained by the same batched write. Latency is a
-- histogram over fixed buckets (request-log/latency-histogram.ts), so quantiles can be merged.
create table request_daily (
  organization_id uuid not null references organizations (id) on delete cascade,
  day date not null,
  api_key_id uuid,
  outcome text not null,
  is_test boolean not null,
  requests bigint not null,
  latency_histogram bigint[] not null
);
create unique index request_daily_key on request_daily (organization_id, day, api_key_id, outcome, is_test) nulls not distinct;
