-- Locks: no table against writes; updates only the test-mode rows of tokens (through the partial index).
-- Test-mode codes never name a real person (issue 22.7): the national ids test codes were issued
-- for are forgotten, and so is the history the expiry sweep recorded for them. Touches only test
-- rows (tokens found through the partial index on subject_hash); no table-wide lock.
update tokens set subject_hash = null where subject_hash is not null and is_test;
delete from individual_code_links l using tokens t where t.id = l.token_id and t.is_test;
