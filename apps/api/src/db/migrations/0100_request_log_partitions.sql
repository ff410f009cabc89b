-- Locks: request_log (a large table) while its rows are copied into the partitioned form.
-- Run it in a quiet hour for a big log (docs/operations/upgrades.md). The /v1 request log
-- becomes partitioned by UTC month of created_at:
-- retention drops a whole month (db/month-partitions.ts) instead of deleting rows one by one.
-- Every row lands in the default partition here; the retention job then gives each month its
-- own partition, moving its rows, and keeps partitions ready two months ahead. The primary key
-- (created_at, id) leads with the partition key, as PostgreSQL requires, and serves the job's
-- look for the oldest row; the BRIN index the row-by-row sweep used goes.
alter table request_log rename to request_log_unpartitioned;
alter table request_log_unpartitioned rename constraint request_log_pkey to request_log_unpartitioned_pkey;
alter index request_log_organization_idx rename to request_log_unpartitioned_organization_idx;
alter index request_log_key_idx rename to request_log_unpartitioned_key_idx;
drop index request_log_created_brin;
create table request_log (
  id uuid not null,
  organization_id uuid not null,
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
) partition by range (created_at);
create table request_log_default partition of request_log default;
insert into request_log
select id, organization_id, created_at, method, path, status, code, api_key_id, api_key_name,
       client_ip, country, latency_ms, is_test
  from request_log_unpartitioned;
drop table request_log_unpartitioned;
alter table request_log add primary key (created_at, id);
create index request_log_organization_idx on request_log (organization_id, created_at desc, id desc);
create index request_log_key_idx on request_log (organization_id, api_key_id, created_at desc, id desc);
