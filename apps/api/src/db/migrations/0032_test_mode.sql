-- Locks: tokens and security_events for a moment each (columns with a constant default are metadata only).
-- Test mode: a key's mode (its public half is tqk_test_..., its secret tqs_test_...). Calls with a
-- test key are never billed; codes issued with one are test codes, which only test keys can
-- verify (and test keys only test codes); events a test key causes are marked.
alter table api_keys add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table tokens add column is_test boolean not null default false;
alter table security_events add column is_test boolean not null default false;
