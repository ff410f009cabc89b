-- Locks: organizations briefly (two nullable columns without defaults: no rewrite, no scan).
-- The organisation's X25519 public key (raw 32 bytes, base64url): codes addressed to it are
-- sealed to it a second time with HPKE (the double lock, docs/integrators/double-lock.md).
alter table organizations add column encryption_public_key text;
alter table organizations add column encryption_key_updated_at timestamptz;
