-- Locks: new tables only.
-- API keys, the one-time codes, billing, security events and the audit chain.
create table api_keys (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  key_name text not null,
  -- Public half (tqk_live_...), sent with every call; the secret is kept only as a keyed hash.
  api_key text not null unique,
  secret_hash text not null,
  scopes text[] not null,
  allowed_ips text[],
  rate_limit_per_hour integer not null default 1000,
  rate_limit_per_minute integer not null default 60,
  is_active boolean not null default true,
  expires_at timestamptz,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Set once, by the first billed call (the key_first_use event). Usage counters, last use and
  -- last address are read from usage_logs, so the hot path never locks this row.
  first_used_at timestamptz
);
create index api_keys_organization_idx on api_keys (organization_id);

create table tokens (
  id text primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  audience_organization_id uuid not null references organizations (id) on delete cascade,
  api_key_id uuid references api_keys (id) on delete set null,
  -- HMAC-SHA-256 of the code under the server pepper; the code itself is never stored.
  code_hash text not null unique,
  -- AES-256-GCM under a key derived from the code; deleted on use, revocation and expiry.
  ciphertext text,
  data_fields text[] not null,
  data_scope text[] not null,
  -- Which of the issuer's audit chains holds this token's history.
  audit_shard integer not null,
  -- HMAC of the subject's national id, so the individual can find their codes; deleted on expiry.
  subject_hash text,
  subject_ref text,
  status text not null default 'active' check (status in ('active', 'used', 'expired', 'revoked')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by_organization_id uuid references organizations (id) on delete set null,
  revoked_at timestamptz,
  revoked_by text
);
create index tokens_organization_idx on tokens (organization_id, created_at desc);
create index tokens_audience_idx on tokens (audience_organization_id, used_at desc);
create index tokens_active_expiry_idx on tokens (expires_at) where status = 'active';
create index tokens_subject_idx on tokens (subject_hash) where subject_hash is not null;

-- One row per billed /v1 call; amounts in thousandths of a riyal (money is never a float).
create table usage_logs (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  api_key_id uuid references api_keys (id) on delete set null,
  endpoint text not null,
  status_code integer not null,
  cost_millis bigint not null,
  client_ip text,
  created_at timestamptz not null
);
create index usage_logs_organization_idx on usage_logs (organization_id, created_at desc);
create index usage_logs_key_idx on usage_logs (api_key_id, created_at desc);

-- The unpaid balance is the sum of usage_logs.cost_millis after the last payment: one source of
-- truth, exact, and no single row that every billed call of an organisation has to lock.
create table wallet_payments (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  amount_millis bigint not null,
  paid_at timestamptz not null
);
create index wallet_payments_organization_idx on wallet_payments (organization_id, paid_at desc);

create table security_events (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  event_type text not null,
  event_severity text not null check (event_severity in ('info', 'warning', 'critical')),
  event_description text not null,
  client_ip text,
  user_agent text,
  request_path text,
  request_method text,
  additional_data jsonb,
  api_key_id uuid references api_keys (id) on delete set null,
  api_key_name text,
  -- Identical events within one minute share a row: floods are counted, not written again.
  dedupe_key text not null unique,
  occurrences integer not null default 1,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  notified_at timestamptz,
  resolved_at timestamptz
);
create index security_events_organization_idx on security_events (organization_id, created_at desc);

-- Tamper-evident log: hash = SHA-256(prev_hash || canonical row). Each issuing organisation has
-- AUDIT_SHARDS chains (a token's rows all stay in one, chosen by its id), so concurrent codes of
-- one organisation do not queue on a single chain head.
create table audit_chain_heads (
  organization_id uuid not null references organizations (id) on delete cascade,
  shard integer not null,
  last_seq bigint not null,
  last_hash text not null,
  primary key (organization_id, shard)
);

create table audit_log (
  organization_id uuid not null references organizations (id) on delete cascade,
  shard integer not null,
  seq bigint not null,
  token_id text not null,
  action text not null check (action in ('issue', 'use', 'failed_use', 'revoke', 'expire')),
  actor_organization_id uuid,
  actor text,
  fields text[] not null,
  reason text,
  created_at timestamptz not null,
  prev_hash text not null,
  hash text not null,
  primary key (organization_id, shard, seq)
);
create index audit_log_token_idx on audit_log (token_id);
