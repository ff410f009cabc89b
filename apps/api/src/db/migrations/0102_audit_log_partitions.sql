-- Locks: audit_log (a large table) while its rows are copied into the partitioned form.
-- Run it in a quiet hour for a big log (docs/operations/upgrades.md). The audit log becomes
-- partitioned by UTC month of created_at, like the request log (0100): every row lands in the
-- default partition here and the hourly audit-months job gives each month its own partition,
-- moving its rows, and keeps partitions ready two months ahead. Nothing is ever dropped by a job:
-- a month leaves only through `npm run audit:archive`, and only once it is sealed (its chains'
-- last rows recorded below, every row of it in a signed checkpoint), so the chains that go on
-- and the published checkpoints still prove it. The primary key gains the partition key, as
-- PostgreSQL requires; a chain's numbers stay unique because each is taken under its head's lock.
alter table audit_log rename to audit_log_unpartitioned;
alter table audit_log_unpartitioned rename constraint audit_log_pkey to audit_log_unpartitioned_pkey;
alter index audit_log_token_idx rename to audit_log_unpartitioned_token_idx;
create table audit_log (
  organization_id uuid not null references organizations (id) on delete cascade,
  shard integer not null,
  seq bigint not null,
  token_id text not null,
  action text not null check (action in ('issue', 'use', 'failed_use', 'revoke', 'expire')),
  actor_organization_id uuid,
  actor text,
  fields text[] not null,
  reason text,
  created_at timestamptz not null,
  prev_hash text not null,
  hash text not null,
  primary key (organization_id, shard, seq, created_at)
) partition by range (created_at);
create table audit_log_default partition of audit_log default;
insert into audit_log
select organization_id, shard, seq, token_id, action, actor_organization_id, actor, fields, reason,
       created_at, prev_hash, hash
  from audit_log_unpartitioned;
drop table audit_log_unpartitioned;
create index audit_log_token_idx on audit_log (token_id);

-- A sealed month: when, under which signed checkpoint (every row of the month is a leaf of its
-- tree), how many rows, and when it was archived (its partition dropped after its rows were
-- written to a file).
create table audit_months (
  month date primary key,
  sealed_at timestamptz not null,
  checkpoint_id bigint not null references audit_checkpoints (id),
  row_count bigint not null,
  archived_at timestamptz
);

-- Each chain's last row in a sealed month: where the chain picks up once the month is archived.
create table audit_month_heads (
  month date not null references audit_months (month),
  organization_id uuid not null,
  shard integer not null,
  last_seq bigint not null,
  last_hash text not null,
  primary key (month, organization_id, shard)
);
