-- Locks: users against writes while a partial index builds.
-- A person may lock their proven national id, like a credit freeze: while it is locked no code
-- can be generated for it. Read on every generate that names a subject (the index is tiny).
alter table users add column identity_locked_at timestamptz;
create index users_locked_national_id_idx on users (national_id_hash)
  where identity_locked_at is not null and identity_proven_at is not null;
