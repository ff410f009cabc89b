-- Locks: new tables only.
-- Messages of the public contact form (/contact). Kept here as well as mailed to the operator,
-- so a message is not lost when mail fails; mailed_at stays null until the mail has gone out.
-- The sender's IP address is not stored (the hourly limit per address lives in the rate-limit store).
create table contact_messages (
  id uuid primary key,
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  locale text not null default 'ar' check (locale in ('ar', 'en')),
  created_at timestamptz not null,
  mailed_at timestamptz
);
create index contact_messages_created_idx on contact_messages (created_at desc);
