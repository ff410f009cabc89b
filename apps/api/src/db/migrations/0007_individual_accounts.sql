-- Individuals: the national id is kept only as an HMAC under the server pepper, plus its last
-- four digits for display; an account is usable once its 6-digit code is confirmed.
alter table users add column national_id_hash text;
alter table users add column national_id_last4 text;
alter table users add column confirmed_at timestamptz;
create unique index users_national_id_key on users (national_id_hash) where national_id_hash is not null;
