-- Locks: nothing existing (a new table).
-- A mistyped national id is not a dead end (issue 32.5): when the identity provider proves another
-- id than the one typed at registration, that proven id waits here (keyed hash and last four
-- digits, as users keeps them) for the person to confirm it replaces the typed one; 10 minutes.
create table identity_corrections (
  user_id uuid primary key references users (id) on delete cascade,
  national_id_hash text not null,
  national_id_last4 text not null,
  expires_at timestamptz not null
);
