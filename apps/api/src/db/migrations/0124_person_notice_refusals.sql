-- Locks: person_notices for a moment (a check constraint replaced, a column made nullable; the
-- new check reads every row once, the table is small: one row per code event of a proven person).
-- The lock covers every code (issue 32.2): a refused issue or use of a code naming a locked
-- national id is a notice in the app too. A refused issue has no code, so no token_id.
alter table person_notices alter column token_id drop not null;
alter table person_notices drop constraint person_notices_event_check;
alter table person_notices add constraint person_notices_event_check
  check (event in ('issued', 'used', 'refused_issue', 'refused_use'));
