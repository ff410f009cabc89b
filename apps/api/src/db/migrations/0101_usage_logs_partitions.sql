-- Locks: usage_logs (a large table) while its rows are copied into the partitioned form.
-- Run it in a quiet hour (docs/operations/upgrades.md). Billed calls become partitioned by UTC
-- month of created_at, as the request log (0100): the usage retention job drops whole months
-- (keeping the rows of each organisation's last-payment quarter, from which its unpaid balance
-- is counted) instead of deleting rows one by one. The primary key (created_at, id) leads with
-- the partition key and replaces the index on created_at.
alter table usage_logs rename to usage_logs_unpartitioned;
alter table usage_logs_unpartitioned rename constraint usage_logs_pkey to usage_logs_unpartitioned_pkey;
alter table usage_logs_unpartitioned drop constraint usage_logs_organization_id_fkey;
alter table usage_logs_unpartitioned drop constraint usage_logs_api_key_id_fkey;
alter index usage_logs_organization_idx rename to usage_logs_unpartitioned_organization_idx;
alter index usage_logs_key_idx rename to usage_logs_unpartitioned_key_idx;
drop index usage_logs_created_idx;
create table usage_logs (
  id uuid not null,
  organization_id uuid not null references organizations (id) on delete cascade,
  api_key_id uuid references api_keys (id) on delete set null,
  endpoint text not null,
  status_code integer not null,
  cost_millis bigint not null,
  client_ip text,
  created_at timestamptz not null
) partition by range (created_at);
create table usage_logs_default partition of usage_logs default;
insert into usage_logs
select id, organization_id, api_key_id, endpoint, status_code, cost_millis, client_ip, created_at
  from usage_logs_unpartitioned;
drop table usage_logs_unpartitioned;
alter table usage_logs add primary key (created_at, id);
create index usage_logs_organization_idx on usage_logs (organization_id, created_at desc);
create index usage_logs_key_idx on usage_logs (api_key_id, created_at desc);
