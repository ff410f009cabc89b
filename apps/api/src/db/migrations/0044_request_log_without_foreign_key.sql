-- Locks: request_log for a moment (dropping a foreign key).
-- The request log's rows no longer check their organisation by foreign key: the log's writer
-- inserts only rows joined to an existing organisation in the same statement, and no code
-- deletes organisations, so the check (a look-up and a row lock on the organisation per logged
-- call) guarded nothing; it was about a fifth of the insert's time per row (decision 006).
-- Whatever comes to delete an organisation deletes its request_log rows itself (by the
-- organisation index); the roll-up's foreign key still cascades.
alter table request_log drop constraint request_log_organization_id_fkey;
