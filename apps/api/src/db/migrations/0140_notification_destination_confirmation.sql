-- Locks: no large table (alters and updates notification_preferences).
-- No stranger gets mail they did not ask for (issue 32.4): a new email destination receives one
-- message asking its owner to confirm, and nothing else (no event, no test) until the link's token
-- comes back. The token is kept as an HMAC, single use, 24 hours; the organisation can send a new
-- one. Preferences of one organisation naming one address share its pending token (one message,
-- one confirmation for all). Webhooks need no confirmation (the receiver is the organisation's).
alter table notification_preferences add column confirmed_at timestamptz;
alter table notification_preferences add column confirmation_token_hash text;
alter table notification_preferences add column confirmation_expires_at timestamptz;
create index notification_preferences_confirmation_idx
  on notification_preferences (confirmation_token_hash) where confirmation_token_hash is not null;

-- Rows that exist at the upgrade stay confirmed: an operator loses no alert they already receive.
update notification_preferences set confirmed_at = created_at;
