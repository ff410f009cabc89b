-- Locks: organizations and audit_log for a moment (a nullable column; a check constraint swapped,
-- the new one `not valid`: it allows more than the old one, so existing rows are not read again).
-- Verification requests (issue 33): an audience names the fields it needs and why; an issuer
-- answers with a code addressed to it, after the person picked the matching number. The code of
-- a fulfilled request is kept sealed (a key derived from TOKEN_PEPPER), for its audience only,
-- and dropped once the code is used or expires (the token expiry sweep).
create table verification_requests (
  id text primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  api_key_id uuid,
  fields text[] not null,
  purpose text not null,
  subject_hash text,
  match_number text not null,
  -- The three numbers an answering app offers: the match number and two others, in order.
  match_choices text[] not null,
  status text not null check (status in ('pending', 'fulfilled', 'expired', 'cancelled')),
  failed_matches integer not null default 0,
  is_test boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  token_id text,
  token_expires_at timestamptz,
  issuer_organization_id uuid references organizations (id) on delete set null,
  code_sealed text,
  fulfilled_at timestamptz,
  cancelled_at timestamptz,
  -- A fulfilled request whose webhook is still to be sent (the notification delivery job).
  webhook_due boolean not null default false
);
create index verification_requests_organization_idx
  on verification_requests (organization_id, created_at desc);
create index verification_requests_pending_idx
  on verification_requests (expires_at) where status = 'pending';
create index verification_requests_token_idx on verification_requests (token_id)
  where token_id is not null;
create index verification_requests_webhook_idx on verification_requests (fulfilled_at)
  where webhook_due;

-- The link of the organisation's app that answers a request (`https://…{request_id}…`).
alter table organizations add column app_link text;

-- The audit log records a request, its answer, its cancellation (token_id holds the vrq_ id).
-- The check's name depends on the database's history (0102 made it beside the old table's), so
-- it is found by what it checks.
do $$ declare c text; begin for c in select conname from pg_constraint where conrelid = 'audit_log'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%action%' loop execute format('alter table audit_log drop constraint %I', c); end loop; end $$;
alter table audit_log add constraint audit_log_action_check check (
  action in ('issue', 'use', 'failed_use', 'revoke', 'expire', 'request', 'answer', 'cancel'))
  not valid;
