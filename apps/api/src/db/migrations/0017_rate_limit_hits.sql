-- Locks: new tables only.
-- Rate-limit hits kept across restarts when no Redis is configured: counts per key and second,
-- written behind the in-memory counters every second and read back at start.
create table rate_limit_hits (
  key text not null,
  second bigint not null,
  hits integer not null,
  expires_at bigint not null,
  primary key (key, second)
);
create index rate_limit_hits_expiry_idx on rate_limit_hits (expires_at);
