-- Locks: new tables only.
-- One row per background job: which interval has been claimed and whether a run is under way,
-- so each job runs once per interval across all API processes.
create table background_jobs (
  name text primary key,
  next_run_at timestamptz not null,
  running_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text
);
