-- Locks: usage_logs (large) against writes while an index on it builds, after reading it twice to fill the roll-ups.
-- Roll-ups of usage_logs, written in the same statement as the rows they count (billing.service.ts),
-- so the console reads a few rows per key and period instead of summing every call. Quarter hours
-- (UTC) serve any organisation's calendar day, whatever its time zone; UTC days serve totals.
-- api_key_id has no foreign key: a deleted key's calls stay in its organisation's figures.
create table usage_quarter_hours (
  organization_id uuid not null references organizations (id) on delete cascade,
  starts_at timestamptz not null,
  api_key_id uuid,
  calls integer not null,
  cost_millis bigint not null,
  last_at timestamptz not null,
  constraint usage_quarter_hours_key unique nulls not distinct (organization_id, starts_at, api_key_id)
) with (fillfactor = 80);

create table usage_days (
  organization_id uuid not null references organizations (id) on delete cascade,
  day date not null,
  api_key_id uuid,
  calls integer not null,
  cost_millis bigint not null,
  -- Codes this organisation verified (consumed) that day.
  verifications integer not null,
  last_at timestamptz not null,
  last_ip text,
  constraint usage_days_key unique nulls not distinct (organization_id, day, api_key_id)
) with (fillfactor = 80);

insert into usage_quarter_hours (organization_id, starts_at, api_key_id, calls, cost_millis, last_at)
select organization_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), api_key_id,
       count(*), sum(cost_millis), max(created_at)
  from usage_logs
 group by 1, 2, 3;

insert into usage_days (organization_id, day, api_key_id, calls, cost_millis, verifications, last_at, last_ip)
select organization_id, (created_at at time zone 'UTC')::date, api_key_id, count(*), sum(cost_millis),
       count(*) filter (where endpoint like '%/verify'), max(created_at),
       (array_agg(client_ip order by created_at desc))[1]
  from usage_logs
 group by 1, 2, 3;

-- The call log lists the newest rows; the roll-ups answer everything else.
create index usage_logs_created_idx on usage_logs (created_at);
