-- Locks: users for a moment (one nullable column is metadata only); no row is read or rewritten.
-- No account oracle by email (issue 22.5): a registration naming an address another account
-- already has still gets an account and the same answer as any other, but the address stays with
-- its owner. The new account's own email is an unroutable `@unclaimed.invalid` stand-in (never
-- mailed, never a sign-in); `claimed_email` is the address it named, shown to it alone. The
-- owner of the address is mailed instead.
alter table users add column claimed_email text;
