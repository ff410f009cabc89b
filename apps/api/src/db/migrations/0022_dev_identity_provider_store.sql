-- Locks: new tables only.
-- The development identity provider's state (oidc-provider's models: interactions, sessions,
-- grants, authorization codes...), in the database so that every process serves the same sign-in:
-- one row per model and id, the model's payload as JSON. A row is dead from expires_at (reads
-- skip it, a background sweep deletes it); grant_id is kept only for what a grant revokes.
create table dev_identity_provider_records (
  model text not null,
  id text not null,
  payload jsonb not null,
  uid text,
  user_code text,
  grant_id text,
  expires_at timestamptz,
  primary key (model, id)
);
create index dev_identity_provider_records_uid_idx
  on dev_identity_provider_records (model, uid) where uid is not null;
create index dev_identity_provider_records_user_code_idx
  on dev_identity_provider_records (model, user_code) where user_code is not null;
create index dev_identity_provider_records_grant_idx
  on dev_identity_provider_records (model, grant_id) where grant_id is not null;
create index dev_identity_provider_records_expiry_idx
  on dev_identity_provider_records (expires_at) where expires_at is not null;

-- Its ID-token signing key (a private JWK), made by the first process that needs it, used by all:
-- whichever process signs an ID token, the keys any process publishes verify it.
create table dev_identity_provider_keys (
  kid text primary key,
  jwk jsonb not null
);
