import { PERSON_NOTICES_SHOWN, type PersonNoticeList } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';

/**
 * The person's unread notices in the app. With notify_app off the app shows none (the history
 * still shows every code); the notices stay recorded, so switching it on shows them.
 */
export async function listUnreadNotices(
  ctx: AppContext,
  userId: string,
): Promise<PersonNoticeList> {
  const rows = await ctx.db.query<PersonNoticeList['notices'][number] & { unread: number }>(
    `select n.id, n.event, n.organization_name, n.fields, n.occurred_at as at,
            count(*) over ()::int as unread
       from person_notices n join users u on u.id = n.user_id
      where n.user_id = $1 and n.read_at is null and u.notify_app
      order by n.occurred_at desc, n.id
      limit ${PERSON_NOTICES_SHOWN}`,
    [userId],
  );
  return {
    notices: rows.map(({ unread: _, ...notice }) => notice),
    unread: rows[0]?.unread ?? 0,
  };
}

/** Marks every notice of the person read; returns how many were unread. */
export async function markNoticesRead(ctx: AppContext, userId: string) {
  const rows = await ctx.db.query(
    'update person_notices set read_at = $2 where user_id = $1 and read_at is null returning 1',
    [userId, ctx.clock.now()],
  );
  return { success: true as const, read: rows.length };
}
