-- Locks: new tables only.
-- A notice to the person on every issue and use of a code issued for their proven national id
-- (modules/person-notices). A background job reads the events from the audit chains, after they
-- are committed, so the hot path writes nothing more.

-- How far the job has read each audit chain. A chain's rows are numbered under the lock of its
-- head, so they commit in number order and reading past the last number read loses none. The
-- chains that exist now start at their head: history before this migration is not announced.
create table person_notice_cursors (
  organization_id uuid not null references organizations (id) on delete cascade,
  shard integer not null,
  last_seq bigint not null,
  primary key (organization_id, shard)
);
insert into person_notice_cursors (organization_id, shard, last_seq)
select organization_id, shard, last_seq from audit_chain_heads;

-- One row per event told (at most one issue and one use per code). message_id: the message
-- (one event, or a digest of several) that told it, null until then; read_at: seen in the app.
create table person_notices (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  token_id text not null,
  event text not null check (event in ('issued', 'used')),
  organization_id uuid references organizations (id) on delete set null,
  organization_name text not null,
  fields text[] not null,
  occurred_at timestamptz not null,
  created_at timestamptz not null,
  message_id uuid,
  queued_at timestamptz,
  read_at timestamptz,
  unique (token_id, event)
);
create index person_notices_user_idx on person_notices (user_id, occurred_at desc);
create index person_notices_untold_idx on person_notices (user_id) where message_id is null;
create index person_notices_message_idx on person_notices (message_id);

-- One row per message and channel the person's preferences chose; retried like the
-- organisations' notification deliveries.
create table person_notice_deliveries (
  id uuid primary key,
  message_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null
);
create index person_notice_deliveries_due_idx on person_notice_deliveries (next_attempt_at)
  where status = 'pending';
create index person_notice_deliveries_user_idx on person_notice_deliveries (user_id, created_at desc);
