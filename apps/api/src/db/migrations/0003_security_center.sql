-- Locks: new tables; an index on usage_logs blocks its writes while it builds.
-- Trusted IPs, country rules and notification preferences of the security center.
create table trusted_ips (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  ip_address text not null,
  ip_range text,
  description text not null,
  -- null: the address is trusted for every key of the organisation.
  api_key_id uuid references api_keys (id) on delete cascade,
  usage_count bigint not null default 0,
  last_seen_at timestamptz,
  is_active boolean not null default true,
  country text,
  city text,
  created_at timestamptz not null default now()
);
create index trusted_ips_organization_idx on trusted_ips (organization_id);

create table country_rules (
  organization_id uuid not null references organizations (id) on delete cascade,
  country_code text not null check (country_code ~ '^[A-Z]{2}$'),
  is_allowed boolean not null,
  created_at timestamptz not null default now(),
  primary key (organization_id, country_code)
);

create table notification_preferences (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  notification_type text not null check (notification_type in ('email', 'webhook')),
  event_types text[] not null,
  destination text not null,
  -- Standard Webhooks signing secret (whsec_...), AES-256-GCM under the server key; shown once.
  secret_encrypted text,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
create index notification_preferences_organization_idx on notification_preferences (organization_id);

create table notification_deliveries (
  id uuid primary key,
  preference_id uuid not null references notification_preferences (id) on delete cascade,
  event_id uuid not null references security_events (id) on delete cascade,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null
);
create index notification_deliveries_preference_idx on notification_deliveries (preference_id, created_at desc);
create index notification_deliveries_due_idx on notification_deliveries (next_attempt_at) where status = 'pending';

-- "Has this key been used from this address before?" (new_ip_detected) on the hot path.
create index usage_logs_key_ip_idx on usage_logs (api_key_id, client_ip);
