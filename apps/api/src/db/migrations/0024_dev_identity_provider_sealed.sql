-- Locks: no large table (empties the development provider's records).
-- The development provider's payloads carry what the person typed (a session's account is their
-- national id, a code's claims name it): sealed at rest like every other secret (AES-256-GCM under
-- a key derived from TOKEN_PEPPER), never a readable column. What was stored is sign-in state
-- minutes long, so it is dropped rather than converted.
delete from dev_identity_provider_records;
alter table dev_identity_provider_records drop column payload;
alter table dev_identity_provider_records add column sealed_payload text not null;
-- When an authorization code was redeemed (oidc-provider's `consumed`), kept beside the sealed
-- payload so that marking it needs no decryption.
alter table dev_identity_provider_records add column consumed bigint;
