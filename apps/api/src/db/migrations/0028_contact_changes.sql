-- Locks: new tables only.
-- A new email or phone waits here until the 6-digit code sent to it comes back
-- (profile/contact-change.service.ts): one pending change per account and channel, the code as an
-- HMAC, ten minutes, five tries. A newer request replaces the row.
create table contact_changes (
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'phone')),
  new_value text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  primary key (user_id, channel)
);

-- Security notices to an account's own addresses (a contact change asked, a new password, two-step
-- on or off, a sign-in from a new device): written in the transaction of the change they tell of,
-- sent by the background job with retries (account-notices.service.ts), deleted once sent.
create table account_notices (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  subject text,
  body text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  created_at timestamptz not null
);
create index account_notices_due_idx on account_notices (next_attempt_at)
  where next_attempt_at is not null;
