-- Locks: tokens (large) against writes while a partial index on it builds.
-- Active codes of an organisation by the quarter hour (UTC) in which they expire: +1 when issued,
-- -1 when used or revoked, in the same statement. The dashboard sums the quarters still ahead and
-- counts the codes of the current quarter one by one (tokens_active_organization_idx).
create table active_code_counts (
  organization_id uuid not null references organizations (id) on delete cascade,
  expires_quarter timestamptz not null,
  codes integer not null,
  primary key (organization_id, expires_quarter)
) with (fillfactor = 80);

insert into active_code_counts (organization_id, expires_quarter, codes)
select organization_id, date_bin('15 minutes', expires_at, timestamptz '2000-01-01 00:00:00+00'), count(*)
  from tokens
 where status = 'active'
 group by 1, 2;

create index tokens_active_organization_idx on tokens (organization_id, expires_at) where status = 'active';
