-- Locks: person_notice_deliveries against writes while an index builds.
-- Person notice deliveries that are done (delivered or failed) are deleted 30 days after they
-- were queued (the sign-in records sweep): the sweep finds them by their age.
create index person_notice_deliveries_created_idx on person_notice_deliveries (created_at);
