import type { Database } from './database.ts';

/** Months ahead of the current one that have their partition before their first row arrives. */
const MONTHS_AHEAD = 2;
/**
 * Partition changes wait at most this long for a lock on the table; past it they give up until
 * the next run. A long read holding the table would otherwise make every insert queue behind
 * the waiting change.
 */
const LOCK_TIMEOUT = '500ms';

/** A table partitioned by range of `created_at`, a partition per UTC month and a default one. */
export interface MonthPartitioned {
  table: string;
  /**
   * Rows a dropped month must not take with it (an SQL condition on the table's columns, its
   * alias the table's name): kept in the default partition, whose rows past the cutoff are the
   * caller's to sweep.
   */
  keep?: string;
}

const MONTH_NAME = /_y(\d{4})m(\d{2})$/;

/** The first instant of the UTC month `offset` months after the one of `at`. */
function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

const partitionName = (table: string, start: Date) =>
  `${table}_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

const literal = (at: Date) => `'${at.toISOString()}'`;

/** The table's month partitions, by the first instant of their month, oldest first. */
export async function monthPartitions(
  db: Database,
  { table }: MonthPartitioned,
): Promise<Array<{ name: string; start: Date }>> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = $1::regclass`,
    [table],
  );
  return rows
    .map(({ name }) => ({ name, match: MONTH_NAME.exec(name) }))
    .filter((row) => row.match)
    .map(({ name, match }) => ({
      name,
      start: new Date(Date.UTC(Number(match?.[1]), Number(match?.[2]) - 1, 1)),
    }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Gives every month from the oldest row in the default partition (rows from before the table was
 * partitioned, or from a month whose partition came late), or from `from` if that is earlier,
 * through MONTHS_AHEAD months after `now` a partition of its own, moving the default partition's
 * rows of that month into it. Each month is one transaction; the partition is built apart and
 * attached, which lets inserts into the other months go on.
 */
export async function ensureMonthPartitions(
  db: Database,
  target: MonthPartitioned,
  now: Date,
  from: Date = now,
) {
  const { table } = target;
  const [oldest] = await db.query<{ at: Date | null }>(
    `select min(created_at) as at from ${table}_default`,
  );
  const existing = new Set((await monthPartitions(db, target)).map((p) => p.name));
  const last = monthStart(now, MONTHS_AHEAD);
  const created: string[] = [];
  for (
    let start = monthStart(oldest?.at && oldest.at < from ? oldest.at : from);
    start <= last;
    start = monthStart(start, 1)
  ) {
    const name = partitionName(table, start);
    if (existing.has(name)) continue;
    const range = `created_at >= ${literal(start)} and created_at < ${literal(monthStart(start, 1))}`;
    await db.transaction(async (tx) => {
      await tx.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
      await tx.query(
        `create table ${name} (like ${table} including defaults including constraints)`,
      );
      await tx.query(`insert into ${name} select * from ${table}_default where ${range}`);
      await tx.query(`delete from ${table}_default where ${range}`);
      await tx.query(
        `alter table ${table} attach partition ${name}
           for values from (${literal(start)}) to (${literal(monthStart(start, 1))})`,
      );
    });
    created.push(name);
  }
  return created;
}

/**
 * Drops the month partitions that end at or before `cutoff` (whole months: no row is deleted one
 * by one) and, unless the table keeps rows (`keep`), deletes the default partition's rows older
 * than it. Returns the partitions dropped.
 */
export async function dropMonthPartitionsBefore(
  db: Database,
  target: MonthPartitioned,
  cutoff: Date,
): Promise<string[]> {
  const { table, keep } = target;
  const dropped: string[] = [];
  for (const { name, start } of await monthPartitions(db, target)) {
    if (monthStart(start, 1) > cutoff) break;
    await db.transaction(async (tx) => {
      await tx.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
      if (keep) {
        await tx.query(
          `create temporary table kept_rows on commit drop as
             select * from ${name} as ${table} where ${keep}`,
        );
      }
      await tx.query(`drop table ${name}`);
      // The month has no partition now: the rows kept go to the default one.
      if (keep) await tx.query(`insert into ${table} select * from kept_rows`);
    });
    dropped.push(name);
  }
  if (!keep) await db.query(`delete from ${table}_default where created_at < $1`, [cutoff]);
  return dropped;
}
