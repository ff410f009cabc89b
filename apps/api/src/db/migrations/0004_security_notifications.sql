-- Locks: security_events against writes while an index builds (new columns are metadata only).
-- Security center, second part: blocked-request accounting and notification delivery.

-- Refusals of the /v1 pipeline are the "blocked requests" of the security stats. Other events of
-- the same type are not (a key switched off on the dashboard is key_disabled too, yet it refused
-- no request), so the pipeline marks its own.
alter table security_events add column is_blocked_request boolean not null default false;
create index security_events_stats_idx on security_events (organization_id, event_type, created_at);

-- Standard Webhooks: a message keeps its webhook-id across retries and replays. A replay is a new
-- delivery row (the log keeps every attempt series) carrying the original's message id.
alter table notification_deliveries add column message_id uuid;
alter table notification_deliveries add column replay_of uuid references notification_deliveries (id) on delete set null;
alter table notification_deliveries add column last_attempt_at timestamptz;
alter table notification_deliveries add column response_status integer;
create index notification_deliveries_event_idx on notification_deliveries (event_id);
