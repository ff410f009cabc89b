import type { BackgroundJob } from '../lib/jobs.ts';
import type { Database } from './database.ts';

/**
 * PGlite runs no autovacuum: without this job its tables never get planner statistics and never
 * give back the room of updated and deleted rows. The cost of that showed on verify (which
 * updates the code it consumes): once the batch statement's cached plan was made without
 * statistics, a verify cost the embedded database 0.9 ms instead of 0.15 ms
 * (docs/decisions/007-embedded-database-maintenance.md).
 *
 * Each run does what autovacuum would with PostgreSQL's default thresholds, for ONE table, the
 * one furthest past its threshold: the embedded database answers nothing else meanwhile, so the
 * pause stays that of one table. ANALYZE a table never analysed or with a tenth of its rows
 * changed since; VACUUM and then ANALYZE one with a fifth of its rows dead, or whose oldest
 * unfrozen transaction id is past vacuum_freeze_table_age (150 million: long before wraparound).
 */
const MOST_OVERDUE_TABLE = `
  select table_name, needs_vacuum
    from (select s.relname as table_name,
                 s.n_dead_tup / (50 + 0.2 * greatest(c.reltuples, 0)) as dead,
                 s.n_mod_since_analyze / (50 + 0.1 * greatest(c.reltuples, 0)) as changed,
                 c.reltuples < 0 and s.n_live_tup > 0 as is_unanalysed,
                 age(c.relfrozenxid) > 150000000 as is_old
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid
           where s.schemaname = 'public') t,
         lateral (select dead > 1 or is_old as needs_vacuum) v
   where needs_vacuum or changed > 1 or is_unanalysed
   order by is_old desc, greatest(dead, changed, case when is_unanalysed then 1 else 0 end) desc
   limit 1`;

/**
 * The job's ANALYZE samples 3,000 rows (300 x the target) instead of PostgreSQL's 30,000: on this
 * one thread its pause is every request's. A table of 50,000 codes took 178 ms at the default
 * target of 100 and 22 ms at 10; the hot path's plans do not depend on statistics
 * (write-batcher.ts), and ten-bucket histograms still tell a large table from an empty one, which
 * is what decision 007's bad plans lacked (docs/decisions/007-embedded-database-maintenance.md).
 */
const STATISTICS_TARGET = 10;

/** Vacuums or analyses the table most overdue, if any; resolves its name. */
export async function maintainEmbeddedDatabase(db: Database): Promise<string | undefined> {
  const [due] = await db.query<{ table_name: string; needs_vacuum: boolean }>(MOST_OVERDUE_TABLE);
  if (!due) return undefined;
  const name = `"${due.table_name.replaceAll('"', '""')}"`;
  // VACUUM cannot run in a transaction block: sent as a simple query, alone.
  if (due.needs_vacuum) await db.exec(`vacuum ${name}`);
  // One simple query is one transaction: the setting ends with it.
  await db.exec(`set local default_statistics_target = ${STATISTICS_TARGET}; analyze ${name}`);
  return due.table_name;
}

export const EMBEDDED_MAINTENANCE_JOB = 'embedded database maintenance';

/** Every process runs it: an embedded database belongs to the one process that opened it. */
export const embeddedMaintenanceJob = (db: Database): BackgroundJob => ({
  name: EMBEDDED_MAINTENANCE_JOB,
  everyMs: 2_000,
  run: () => maintainEmbeddedDatabase(db),
  runsOn: 'every-process',
});
