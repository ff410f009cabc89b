-- Locks: api_keys for a moment (two nullable columns are metadata only); reads one request_log row per key.
-- A key's last call, billed or not, kept on the key by the request log's writer: a test key's
-- calls are never billed, so the usage roll-ups never saw them, and its card said "not used yet"
-- (issue 27.4). Filled from the newest logged call of each key that authenticated (not a 401).
alter table api_keys add column last_called_at timestamptz, add column last_called_ip text;

update api_keys k set last_called_at = l.created_at, last_called_ip = l.client_ip
  from api_keys t
  cross join lateral (
    select created_at, client_ip from request_log
     where organization_id = t.organization_id and api_key_id = t.id and status <> 401
     order by created_at desc limit 1) l
 where k.id = t.id;
