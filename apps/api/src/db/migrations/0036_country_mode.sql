-- Locks: no large table (a column with a constant default on organizations).
-- Country rules as a policy: 'block' refuses the countries ruled not allowed (every other
-- passes); 'allow' lets only the countries ruled allowed pass. Addresses without a known country
-- pass either way.
alter table organizations add column country_mode text not null default 'block'
  check (country_mode in ('block', 'allow'));
