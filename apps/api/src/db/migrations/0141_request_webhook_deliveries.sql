-- Locks: notification_deliveries and verification_requests for a moment (a column made nullable,
-- a nullable column, a check added `not valid`, a small index; a column dropped).
-- `verification_request.fulfilled` goes the way of the security events (issue 33): one row per
-- webhook in notification_deliveries, retried with the same backoff by the notification delivery
-- job and shown in the console's delivery log. A delivery carries either a security event or a
-- fulfilled request, never both.
alter table notification_deliveries alter column event_id drop not null;
alter table notification_deliveries
  add column verification_request_id text references verification_requests (id) on delete cascade;
alter table notification_deliveries add constraint notification_deliveries_subject_check
  check ((event_id is null) <> (verification_request_id is null)) not valid;
create index notification_deliveries_request_idx on notification_deliveries (verification_request_id)
  where verification_request_id is not null;

-- A request answered just before the upgrade and not sent yet is queued like the new ones.
insert into notification_deliveries
  (id, preference_id, verification_request_id, status, attempts, next_attempt_at, created_at)
select gen_random_uuid(), p.id, r.id, 'pending', 0, now(), now()
  from verification_requests r
  join notification_preferences p
    on p.organization_id = r.organization_id and p.is_active and p.notification_type = 'webhook'
   and p.confirmed_at is not null
 where r.webhook_due;

drop index verification_requests_webhook_idx;
alter table verification_requests drop column webhook_due;
