import type { Queryable } from '../../db/database.ts';

/**
 * Called by the expiry sweep, inside its transaction, just before it deletes each code's link to
 * a national id (tokens.subject_hash): a code issued for a person who has an account is recorded
 * against that account, so the person keeps its history. Codes of people without an account
 * keep nothing (docs/decisions/005-personal-code-history.md).
 */
export async function keepPersonalHistory(
  tx: Queryable,
  expired: { id: string; subject_hash: string | null }[],
  now: Date,
) {
  const linked = expired.filter((row) => row.subject_hash);
  if (linked.length === 0) return;
  await tx.query(
    `insert into individual_code_links (user_id, token_id, linked_at)
     select u.id, x.token_id, $3
       from unnest($1::text[], $2::text[]) as x (token_id, subject_hash)
       join users u on u.national_id_hash = x.subject_hash
     on conflict do nothing`,
    [linked.map((row) => row.id), linked.map((row) => row.subject_hash), now],
  );
}
