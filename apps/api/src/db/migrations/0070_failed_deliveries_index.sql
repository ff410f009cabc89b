-- Locks: notification_deliveries and person_notice_deliveries against writes while two small partial indexes build.
-- The failed deliveries, counted on every scrape of /metrics: a partial index holds only them,
-- so the count reads a few index entries however many deliveries succeeded.
create index notification_deliveries_failed_idx on notification_deliveries (created_at)
  where status = 'failed';
create index person_notice_deliveries_failed_idx on person_notice_deliveries (created_at)
  where status = 'failed';
