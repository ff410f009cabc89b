-- Locks: tokens for a moment (a nullable column is metadata only).
-- The code's last four characters (three of its 16 random ones and the check character), kept so
-- a verification receipt can name the code a customer showed without keeping the code: the other
-- 13 random characters (65 bits) stay unknown to the server.
alter table tokens add column code_tail text;
