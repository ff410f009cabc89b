-- Locks: no large table (a nullable column on sessions is metadata only).
-- When a session was last used (sessions and devices on the profile). Written at most once a
-- minute per session, not on every request.
alter table sessions add column last_seen_at timestamptz;
