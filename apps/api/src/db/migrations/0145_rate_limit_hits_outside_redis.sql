-- Locks: rate_limit_hits only (columns with a constant default: no rewrite; a small, swept table).
-- The hits PostgreSQL admitted itself because Redis did not answer the process deciding (issue
-- 31.2), as opposed to those Redis admitted and written behind: whichever process reaches Redis
-- first after an outage or a stall adds every one of them to Redis, as members named after their
-- second (`pg:<second>:<n>`) so that each process may add them again without counting one twice.
-- `outside_at` is PostgreSQL's clock at the last such hit of the row, to read only the new ones.
alter table rate_limit_hits
  add column outside_redis integer not null default 0,
  add column outside_at bigint;
create index rate_limit_hits_outside_idx on rate_limit_hits (outside_at) where outside_redis > 0;
