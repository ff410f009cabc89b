-- Locks: new tables only.
-- Organisations, their people and sign-in sessions.
create table organizations (
  id uuid primary key,
  name text not null,
  type text not null check (type in ('government', 'private')),
  email text not null,
  phone text,
  contact_person text not null,
  verification_document_url text,
  client_id text not null unique,
  -- AES-256-GCM under a key derived from the server pepper: shown to owners and admins.
  client_secret_encrypted text not null,
  -- HMAC-SHA-256 under the pepper: checked by OAuth client credentials.
  client_secret_hash text not null,
  require_ip_whitelist boolean not null default false,
  geo_blocking_enabled boolean not null default false,
  time_zone text not null default 'Asia/Riyadh',
  created_at timestamptz not null default now()
);
create unique index organizations_email_key on organizations (lower(email));

create table users (
  id uuid primary key,
  kind text not null check (kind in ('organization', 'individual')),
  email text not null,
  first_name text not null,
  last_name text not null,
  phone text,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table organization_members (
  organization_id uuid not null references organizations (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'developer', 'verifier', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index organization_members_user_idx on organization_members (user_id);

-- One row per sign-in; access tokens name their session, so ending it ends them too.
create table sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

-- Rotating refresh tokens, stored as keyed hashes; a used one presented again ends its session.
create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);
