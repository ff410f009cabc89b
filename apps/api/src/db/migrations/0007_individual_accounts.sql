-- Locks: users against writes while a unique index builds (new columns are metadata only).
-- Individuals: the national id is kept only as an HMAC under the server pepper, plus its last
-- four digits for display; an account is usable once its 6-digit code is confirmed.
alter table users add column national_id_hash text;
alter table users add column national_id_last4 text;
alter table users add column confirmed_at timestamptz;
create unique index users_national_id_key on users (national_id_hash) where national_id_hash is not null;

-- Personal profile settings.
alter table users add column language text not null default 'ar' check (language in ('ar', 'en'));
alter table users add column notify_email boolean not null default true;
alter table users add column notify_sms boolean not null default true;
alter table users add column notify_app boolean not null default true;

-- Two-step sign-in (TOTP, RFC 6238): the secret AES-GCM encrypted; a pending one until the first
-- code confirms it; the last accepted time step so a code is never accepted twice.
alter table users add column two_factor_secret_encrypted text;
alter table users add column two_factor_pending_secret_encrypted text;
alter table users add column two_factor_enabled_at timestamptz;
alter table users add column two_factor_last_step bigint;

-- One-time recovery codes, stored as keyed hashes.
create table two_factor_recovery_codes (
  code_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  used_at timestamptz
);
create index two_factor_recovery_codes_user_idx on two_factor_recovery_codes (user_id);

-- The second step of a sign-in: the token handed out after the password, single use, 5 minutes.
create table two_factor_challenges (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  remember boolean not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index two_factor_challenges_user_idx on two_factor_challenges (user_id);

-- The account confirmation code of an individual: one live code per account, as a keyed hash;
-- five wrong tries end it.
create table verification_codes (
  user_id uuid primary key references users (id) on delete cascade,
  method text not null check (method in ('sms', 'email')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

-- Password reset links, stored as keyed hashes; single use, 30 minutes.
create table password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- "Remember me" off: the session ends after 12 hours and its cookie with the browser.
alter table sessions add column persistent boolean not null default true;
