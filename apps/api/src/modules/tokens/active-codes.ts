import type { KeyMode } from '@tanqin/shared';
import type { Queryable } from '../../db/database.ts';
import { QUARTER_MS, quarterSql, quarterStart } from '../../db/quarter-hours.ts';

/**
 * A CTE that adds `changes` (a CTE of organization_id, expires_at, delta: +1 issued, -1 used or
 * revoked; live codes only, test codes are counted one by one) to the counts of active codes per
 * organisation and expiry quarter, after `after` (a CTE) so that concurrent writers lock these
 * rows in one order. Returns one row per count changed.
 */
export function activeCodeCountCte(changes: string, after: string): string {
  return `active_code_change as (
      insert into active_code_counts (organization_id, expires_quarter, codes)
      select organization_id, ${quarterSql('expires_at')}, sum(delta)
        from ${changes} where (select count(*) from ${after}) >= 0
       group by 1, 2 order by 1, 2
      on conflict (organization_id, expires_quarter) do update
        set codes = active_code_counts.codes + excluded.codes
      returning 1)`;
}

/** Takes one code out of its organisation's active count (revocation), in the caller's transaction. */
export async function countCodeInactive(
  tx: Queryable,
  code: { organization_id: string; expires_at: Date },
) {
  await tx.query(
    `update active_code_counts set codes = codes - 1
      where organization_id = $1 and expires_quarter = ${quarterSql('$2::timestamptz')}`,
    [code.organization_id, code.expires_at],
  );
}

/**
 * Codes of the organisation that can still be used, of one mode. Live: the counts of the quarters
 * still ahead, plus the codes of the current quarter not yet expired, counted one by one. Test:
 * counted one by one through their own partial index (tokens_test_active_idx), as test codes are
 * few next to live ones.
 */
export async function countActiveCodes(
  db: Queryable,
  organizationId: string,
  now: Date,
  mode: KeyMode,
): Promise<number> {
  if (mode === 'test') {
    const [row] = await db.query<{ active: number }>(
      `select count(*)::int as active from tokens
        where organization_id = $1 and is_test and status = 'active' and expires_at > $2`,
      [organizationId, now],
    );
    return row!.active;
  }
  const nextQuarter = new Date(quarterStart(now).getTime() + QUARTER_MS);
  const [row] = await db.query<{ active: number }>(
    `select (select coalesce(sum(codes), 0) from active_code_counts
              where organization_id = $1 and expires_quarter >= $3)
          + (select count(*) from tokens
              where organization_id = $1 and status = 'active' and not is_test
                and expires_at > $2 and expires_at < $3)
            as active`,
    [organizationId, now, nextQuarter],
  );
  return Number(row!.active);
}
