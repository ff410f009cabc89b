-- Locks: no large table (the development provider's key table).
-- The development provider's ID-token signing key (a private JWK) is sealed at rest like its
-- records (AES-256-GCM under a key from TOKEN_PEPPER). A new key is made on the next start; the
-- ID tokens signed with the old one were minutes long.
delete from dev_identity_provider_keys;
alter table dev_identity_provider_keys drop column jwk;
alter table dev_identity_provider_keys add column sealed_jwk text not null;
