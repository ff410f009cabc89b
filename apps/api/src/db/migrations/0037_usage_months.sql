-- Locks: no table against writes; reads every kept usage_logs row once to fill the new table.
-- Billed calls per organisation, calendar month in its time zone, key and endpoint: the monthly
-- statement's lines. Written in the same statement as the other roll-ups (billing.service.ts)
-- and kept like the UTC days (every total stays). A month in which the organisation changed its
-- time zone has rows under both zones; the statement adds them up.
create table usage_months (
  organization_id uuid not null references organizations (id) on delete cascade,
  time_zone text not null,
  month date not null,
  api_key_id uuid,
  endpoint text not null,
  calls integer not null,
  cost_millis bigint not null,
  constraint usage_months_key unique nulls not distinct (organization_id, time_zone, month, api_key_id, endpoint)
) with (fillfactor = 80);

-- The months before this table, from the usage rows still kept (USAGE_LOG_DAYS).
insert into usage_months (organization_id, time_zone, month, api_key_id, endpoint, calls, cost_millis)
select u.organization_id, o.time_zone, date_trunc('month', u.created_at at time zone o.time_zone)::date,
       u.api_key_id, u.endpoint, count(*), sum(u.cost_millis)
  from usage_logs u join organizations o on o.id = u.organization_id
 group by 1, 2, 3, 4, 5;
