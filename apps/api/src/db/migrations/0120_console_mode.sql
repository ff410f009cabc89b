-- Locks: tokens and request_log against writes while partial indexes of their test rows build; a few active_code_counts rows.
-- The console shows live data or test data, never both (issue 27.4). Test codes and calls are few
-- next to live ones, so each test read goes through a partial index of the test rows instead of
-- skipping live rows: the issued and received codes lists, the active test codes, the request log.
-- The active-code counts become live only: the test codes still counted leave them (test codes
-- are counted one by one, modules/tokens/active-codes.ts).
create index tokens_test_active_idx on tokens (organization_id, expires_at) where is_test and status = 'active';
create index tokens_test_issued_idx on tokens (organization_id, created_at desc) where is_test;
create index tokens_test_received_idx on tokens (audience_organization_id, created_at desc) where is_test;
create index request_log_test_idx on request_log (organization_id, created_at desc, id desc) where is_test;

update active_code_counts c set codes = c.codes - t.codes
  from (select organization_id, date_bin('15 minutes', expires_at, timestamptz '2000-01-01 00:00:00+00') as expires_quarter,
               count(*) as codes
          from tokens where is_test and status = 'active'
         group by 1, 2) t
 where c.organization_id = t.organization_id and c.expires_quarter = t.expires_quarter;
