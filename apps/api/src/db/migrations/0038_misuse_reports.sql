-- Locks: no large table (updates notification_preferences).
-- "This wasn't me": a person's report that a code issued for them was not theirs. One per code
-- (the primary key): a repeat is answered from this row and tells the organisations nothing new.
create table misuse_reports (
  token_id text primary key references tokens (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  note text,
  revoked_code boolean not null,
  reported_at timestamptz not null
);
create index misuse_reports_user_idx on misuse_reports (user_id);

-- A new critical event type that existing preferences could not choose: they receive it too
-- (an organisation can take it off again), so a report reaches every organisation that set up
-- notifications.
update notification_preferences
   set event_types = array_append(event_types, 'misuse_reported')
 where not ('misuse_reported' = any (event_types));
