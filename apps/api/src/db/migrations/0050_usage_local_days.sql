-- Locks: security_events against writes while an index builds; reads usage_quarter_hours once.
-- Billed calls per organisation, calendar day in its time zone and key, written in the same
-- statement as the other roll-ups (billing.service.ts): the wallet's daily chart reads one row
-- per key and day instead of 96 quarter hours. The zone is part of the key; organizations.
-- time_zone_since says from when the current zone applies (null: always), and the days before
-- it are read from the quarter hours until they are past the chart's reach.
alter table organizations add column time_zone_since timestamptz;

create table usage_local_days (
  organization_id uuid not null references organizations (id) on delete cascade,
  time_zone text not null,
  day date not null,
  api_key_id uuid,
  calls integer not null,
  cost_millis bigint not null,
  last_at timestamptz not null,
  constraint usage_local_days_key unique nulls not distinct (organization_id, time_zone, day, api_key_id)
) with (fillfactor = 80);

insert into usage_local_days (organization_id, time_zone, day, api_key_id, calls, cost_millis, last_at)
select q.organization_id, o.time_zone, (q.starts_at at time zone o.time_zone)::date, q.api_key_id,
       sum(q.calls), sum(q.cost_millis), max(q.last_at)
  from usage_quarter_hours q join organizations o on o.id = q.organization_id
 group by 1, 2, 3, 4;

-- Open critical events, counted by the security stats and per key in the key list on every view.
create index security_events_open_critical_idx on security_events (organization_id, api_key_id)
  where event_severity = 'critical' and resolved_at is null;
