-- Locks: usage_quarter_hours against writes while an index builds.
-- The usage retention sweep (usage-retention.ts) deletes quarter-hour roll-ups by age across all
-- organisations.
create index usage_quarter_hours_starts_idx on usage_quarter_hours (starts_at);
