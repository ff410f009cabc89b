-- Locks: no table against writes; reads every kept usage_logs row once to fill the new table.
-- The addresses each API key has called from, so "used from a new address" is one insert that
-- conflicts or not, and stays right after old usage rows are deleted by retention.
create table api_key_addresses (
  api_key_id uuid not null references api_keys (id) on delete cascade,
  client_ip text not null,
  first_seen_at timestamptz not null,
  primary key (api_key_id, client_ip)
);
insert into api_key_addresses (api_key_id, client_ip, first_seen_at)
select api_key_id, client_ip, min(created_at)
  from usage_logs
 where api_key_id is not null and client_ip is not null
 group by api_key_id, client_ip;
-- Only the check above used it: one index less to write on every billed call.
drop index usage_logs_key_ip_idx;
