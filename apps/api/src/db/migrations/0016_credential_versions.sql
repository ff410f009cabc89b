-- Locks: no large table (columns with a constant default on api_keys and organizations are metadata only).
-- OAuth access tokens carry the version of the credential they were issued for; a change that
-- must end them (secret rotated, key switched off or on) bumps the version.
alter table api_keys add column credential_version integer not null default 1;
alter table organizations add column client_secret_version integer not null default 1;
