-- Locks: tokens (a large table) while its rows are copied into the partitioned form.
-- Run it in a quiet hour for many codes (docs/operations/upgrades.md). The codes become
-- partitioned by UTC month of created_at, like the request log (0100): every row lands in the
-- default partition here and the hourly code-months job gives each month its own partition,
-- moving its rows, and keeps partitions ready two months ahead.
--
-- PostgreSQL puts the partition key in every unique index of a partitioned table, so:
-- - the primary key is (id, created_at); a reference stays unique because each is 15 random
--   bytes (lib/secret-format.ts randomId);
-- - the lookup hash is indexed without `unique`: it is the HMAC of 80 random bits, and verify
--   reads the months a live code can be from first (tokens/write-batcher.ts);
-- - individual_code_links and misuse_reports no longer check their code by foreign key (it
--   would have to name the month too). Their writers insert only for a code they hold: the
--   expiry sweep links the codes it has just updated, and a report locks its code first. No code
--   deletes codes; whatever comes to drop a month deletes their rows with it.
alter table individual_code_links drop constraint individual_code_links_token_id_fkey;
alter table misuse_reports drop constraint misuse_reports_token_id_fkey;

alter table tokens rename to tokens_unpartitioned;
alter table tokens_unpartitioned rename constraint tokens_pkey to tokens_unpartitioned_pkey;
alter table tokens_unpartitioned rename constraint tokens_code_hash_key to tokens_unpartitioned_code_hash_key;
alter table tokens_unpartitioned rename constraint tokens_status_check to tokens_unpartitioned_status_check;
alter index tokens_active_expiry_idx rename to tokens_unpartitioned_active_expiry_idx;
alter index tokens_active_organization_idx rename to tokens_unpartitioned_active_organization_idx;
alter index tokens_audience_idx rename to tokens_unpartitioned_audience_idx;
alter index tokens_organization_idx rename to tokens_unpartitioned_organization_idx;
alter index tokens_subject_idx rename to tokens_unpartitioned_subject_idx;
alter index tokens_test_active_idx rename to tokens_unpartitioned_test_active_idx;
alter index tokens_test_issued_idx rename to tokens_unpartitioned_test_issued_idx;
alter index tokens_test_received_idx rename to tokens_unpartitioned_test_received_idx;

create table tokens (
  id text not null,
  organization_id uuid not null references organizations (id) on delete cascade,
  audience_organization_id uuid not null references organizations (id) on delete cascade,
  api_key_id uuid references api_keys (id) on delete set null,
  -- HMAC-SHA-256 of the code under the server pepper; the code itself is never stored.
  code_hash text not null,
  -- AES-256-GCM under a key derived from the code; deleted on use, revocation and expiry.
  ciphertext text,
  data_fields text[] not null,
  data_scope text[] not null,
  audit_shard integer not null,
  subject_hash text,
  subject_ref text,
  status text not null default 'active' check (status in ('active', 'used', 'expired', 'revoked')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by_organization_id uuid references organizations (id) on delete set null,
  revoked_at timestamptz,
  revoked_by text,
  is_test boolean not null default false,
  code_tail text,
  primary key (id, created_at)
) partition by range (created_at);
create table tokens_default partition of tokens default;
insert into tokens
select id, organization_id, audience_organization_id, api_key_id, code_hash, ciphertext, data_fields,
       data_scope, audit_shard, subject_hash, subject_ref, status, created_at, expires_at, used_at,
       used_by_organization_id, revoked_at, revoked_by, is_test, code_tail
  from tokens_unpartitioned;
drop table tokens_unpartitioned;

create index tokens_code_hash_idx on tokens (code_hash);
create index tokens_organization_idx on tokens (organization_id, created_at desc);
create index tokens_audience_idx on tokens (audience_organization_id, used_at desc);
create index tokens_active_expiry_idx on tokens (expires_at) where status = 'active';
create index tokens_active_organization_idx on tokens (organization_id, expires_at) where status = 'active';
create index tokens_subject_idx on tokens (subject_hash) where subject_hash is not null;
create index tokens_test_active_idx on tokens (organization_id, expires_at) where is_test and status = 'active';
create index tokens_test_issued_idx on tokens (organization_id, created_at desc) where is_test;
create index tokens_test_received_idx on tokens (audience_organization_id, created_at desc) where is_test;
