import type { AppContext } from '../../app-context.ts';

/** Rows read from one audit chain per statement, and chains per statement. */
const CHAIN_ROWS_PER_PASS = 2_000;
const CHAINS_PER_PASS = 500;
const MAX_PASSES = 20;

/**
 * Reads the issues and uses recorded on the audit chains since the last pass and records a
 * notice for each one whose code was issued for a national id an account has proven (an account
 * that registered the id without proving it gets nothing: it could be anyone). Test-mode codes
 * are not told. A chain's rows are numbered under the lock of its head, so they commit in number
 * order: reading every row past the chain's cursor can skip none, however late a transaction
 * commits. The notices and the cursors move in one statement; a notice is unique per code and
 * event, so a pass run twice tells nothing twice.
 *
 * A code that expired before this pass no longer names its subject (the expiry sweep moves it to
 * individual_code_links); the link still finds the account.
 */
const DISCOVER_SQL = `with heads as materialized (
    select h.organization_id, h.shard, h.last_seq as head_seq, coalesce(c.last_seq, 0) as from_seq,
           least(h.last_seq, coalesce(c.last_seq, 0) + ${CHAIN_ROWS_PER_PASS}) as to_seq
      from audit_chain_heads h
      left join person_notice_cursors c on c.organization_id = h.organization_id and c.shard = h.shard
     where h.last_seq > coalesce(c.last_seq, 0)
     order by h.organization_id, h.shard
     limit ${CHAINS_PER_PASS}),
  events as (
    select a.token_id, case a.action when 'issue' then 'issued' else 'used' end as event,
           coalesce(a.actor_organization_id, a.organization_id) as body_id, a.fields, a.created_at
      from heads h
      join audit_log a on a.organization_id = h.organization_id and a.shard = h.shard
                      and a.seq > h.from_seq and a.seq <= h.to_seq
     where a.action in ('issue', 'use')),
  told as (
    select e.*, u.id as user_id
      from events e
      join tokens t on t.id = e.token_id and not t.is_test
      join users u on u.identity_proven_at is not null
                  and u.national_id_hash = coalesce(t.subject_hash,
                        (select linked.national_id_hash
                           from individual_code_links l join users linked on linked.id = l.user_id
                          where l.token_id = t.id and linked.identity_proven_at is not null
                          limit 1))),
  inserted as (
    insert into person_notices (id, user_id, token_id, event, organization_id, organization_name, fields,
                                occurred_at, created_at)
    select gen_random_uuid(), t.user_id, t.token_id, t.event, t.body_id, o.name, t.fields, t.created_at, $1
      from told t join organizations o on o.id = t.body_id
    on conflict (token_id, event) do nothing
    returning 1),
  moved as (
    insert into person_notice_cursors (organization_id, shard, last_seq)
    select organization_id, shard, to_seq from heads
    on conflict (organization_id, shard)
       do update set last_seq = greatest(person_notice_cursors.last_seq, excluded.last_seq)
    returning 1)
select (select count(*)::int from inserted) as notices,
       (select count(*)::int from moved) as chains,
       (select count(*)::int from heads where to_seq < head_seq) as behind`;

/** Whether any chain has rows past its cursor: most runs find none and stop at this cheap read. */
const ANY_NEW_SQL = `select exists (
    select 1 from audit_chain_heads h
      left join person_notice_cursors c on c.organization_id = h.organization_id and c.shard = h.shard
     where h.last_seq > coalesce(c.last_seq, 0)) as any_new`;

/** Records the notices of every event committed since the last call; returns how many. */
export async function discoverNotices(ctx: AppContext): Promise<number> {
  const [check] = await ctx.db.query<{ any_new: boolean }>(ANY_NEW_SQL);
  if (!check!.any_new) return 0;
  let total = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const [row] = await ctx.db.query<{ notices: number; chains: number; behind: number }>(
      DISCOVER_SQL,
      [ctx.clock.now()],
    );
    total += row!.notices;
    if (row!.chains < CHAINS_PER_PASS && row!.behind === 0) break;
  }
  return total;
}
