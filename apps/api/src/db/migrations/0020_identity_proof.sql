-- Locks: users against writes while two indexes build.
-- A national id belongs to the account that proves it at an identity provider (OpenID Connect),
-- not to the first one to type it: several accounts may register the same id (registration
-- gives nothing away), at most one may prove it.
drop index users_national_id_key;
create index users_national_id_idx on users (national_id_hash) where national_id_hash is not null;
alter table users add column identity_proven_at timestamptz;
alter table users add column identity_provider text;
create unique index users_proven_national_id_key on users (national_id_hash)
  where identity_proven_at is not null;

-- A sign-in at the identity provider under way: state (as a keyed hash), nonce and the PKCE
-- verifier, read back once by the callback of the same account; 10 minutes.
create table identity_proof_requests (
  state_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  nonce text not null,
  code_verifier text not null,
  expires_at timestamptz not null
);
create index identity_proof_requests_user_idx on identity_proof_requests (user_id);
