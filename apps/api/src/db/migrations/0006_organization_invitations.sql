-- Locks: new tables only.
-- Invitations to join an organisation: the emailed link carries a one-time token, kept here only
-- as an HMAC under the server pepper. One live invitation per organisation and email.
create table organization_invitations (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  email text not null,
  role text not null check (role in ('owner', 'admin', 'developer', 'verifier', 'viewer')),
  token_hash text not null unique,
  invited_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz
);
-- Pending (not accepted, not revoked) invitations; an expired one is revoked before a new invite.
create unique index organization_invitations_pending_key
  on organization_invitations (organization_id, lower(email))
  where accepted_at is null and revoked_at is null;
create index organization_invitations_organization_idx
  on organization_invitations (organization_id, created_at);
