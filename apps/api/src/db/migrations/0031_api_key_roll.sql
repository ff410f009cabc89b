-- Locks: no large table (new columns on api_keys are metadata only).
-- Rolling a key's secret: the previous secret (its keyed hash) keeps working until
-- previous_secret_expires_at, then is refused. secret_version counts the rolls: an OAuth access
-- token names the version of the secret it was issued for, so it ends with that secret.
alter table api_keys add column previous_secret_hash text;
alter table api_keys add column previous_secret_expires_at timestamptz;
alter table api_keys add column secret_version integer not null default 1;
alter table api_keys add column secret_rolled_at timestamptz;
