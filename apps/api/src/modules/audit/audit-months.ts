import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { ensureMonthPartitions, monthPartitions } from '../../db/month-partitions.ts';
import type { AuditRow } from './audit.service.ts';
import { latestCheckpoint } from './audit-checkpoints.ts';

/*
 * The audit log by month (migration 0102). A month is sealed once it is over and every row of it
 * is a leaf of a signed checkpoint: each chain's last row of the month is recorded, so that once
 * the month is archived (its rows written to a file, its partition dropped) the chains still
 * check from where they go on, and its rows can still be proven against the published
 * checkpoints with the file.
 */

export const AUDIT_LOG_PARTITIONS = { table: 'audit_log' };

/** A row is written with its process's clock: a month is left open this long after it ends. */
const SEAL_AFTER_MS = 60 * 60_000;

const monthOf = (start: Date) => start.toISOString().slice(0, 10);
const nextMonth = (start: Date) =>
  new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

interface ChainEnd {
  organization_id: string;
  shard: number;
  last_seq: string;
  last_hash: string;
  rows: string;
  leaf: string | null;
}

/** Each chain's last row in a month partition, and the leaf it became (null: not in the tree yet). */
const chainEnds = (db: Database, partition: string) =>
  db.query<ChainEnd>(
    `with ends as (
       select organization_id, shard, max(seq) as last_seq, count(*) as rows
         from ${partition} group by organization_id, shard)
     select e.organization_id, e.shard, e.last_seq, e.rows, a.hash as last_hash,
            r.first_leaf + (e.last_seq - r.first_seq) as leaf
       from ends e
       join ${partition} a
         on a.organization_id = e.organization_id and a.shard = e.shard and a.seq = e.last_seq
       left join audit_tree_ranges r
         on r.organization_id = e.organization_id and r.shard = e.shard
        and e.last_seq between r.first_seq and r.last_seq`,
  );

/**
 * Seals every month that ended over an hour ago whose rows are all in the latest signed
 * checkpoint; a month not yet checkpointed waits for a later run. Returns the months sealed.
 */
export async function sealAuditMonths(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now().getTime();
  const sealed = new Set(
    (await ctx.db.query<{ month: string }>(`select month::text as month from audit_months`)).map(
      (row) => row.month,
    ),
  );
  const done: string[] = [];
  for (const { name, start } of await monthPartitions(ctx.db, AUDIT_LOG_PARTITIONS)) {
    if (nextMonth(start).getTime() + SEAL_AFTER_MS > now) break;
    const month = monthOf(start);
    if (sealed.has(month)) continue;
    const checkpoint = await latestCheckpoint(ctx.db);
    if (!checkpoint) break;
    const ends = await chainEnds(ctx.db, name);
    if (ends.some((end) => end.leaf === null || Number(end.leaf) >= checkpoint.tree_size)) break;
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `insert into audit_months (month, sealed_at, checkpoint_id, row_count)
         values ($1, $2, $3, $4)`,
        [month, new Date(now), checkpoint.id, ends.reduce((sum, end) => sum + Number(end.rows), 0)],
      );
      await tx.query(
        `insert into audit_month_heads (month, organization_id, shard, last_seq, last_hash)
         select $1::date, organization_id, shard, last_seq, last_hash
           from json_to_recordset($2::json)
             as e (organization_id uuid, shard int, last_seq bigint, last_hash text)`,
        [month, JSON.stringify(ends)],
      );
    });
    done.push(month);
  }
  return done;
}

/** The hourly job: partitions ready ahead (moving rows out of the default one), then seals. */
export async function runAuditMonths(ctx: AppContext) {
  const partitioned = await ensureMonthPartitions(ctx.db, AUDIT_LOG_PARTITIONS, ctx.clock.now());
  const sealed = await sealAuditMonths(ctx);
  return { partitioned, sealed };
}

export function registerAuditMonths(ctx: AppContext) {
  ctx.jobs.register({ name: 'audit months', everyMs: 60 * 60_000, run: () => runAuditMonths(ctx) });
}

export class AuditArchiveRefused extends Error {}

/**
 * Takes a sealed month out of the database: its rows (oldest chain order) for the caller to keep,
 * then drops its partition and records the archive, in one transaction that `keep` runs inside
 * (it must have stored the rows durably before it returns). Months leave oldest first, so the
 * chains left always continue from the newest archived month's heads.
 */
export async function archiveAuditMonth(
  db: Database,
  month: string,
  keep: (rows: AuditRow[], heads: unknown[]) => Promise<void>,
): Promise<{ rows: number }> {
  const partitions = await monthPartitions(db, AUDIT_LOG_PARTITIONS);
  const index = partitions.findIndex((p) => monthOf(p.start) === month);
  if (index === -1) throw new AuditArchiveRefused(`No audit month ${month} in the database.`);
  if (index > 0) {
    throw new AuditArchiveRefused(
      `Archive the older months first: ${monthOf(partitions[0]!.start)} is still here.`,
    );
  }
  const { name } = partitions[index]!;
  return db.transaction(async (tx) => {
    const [seal] = await tx.query<{ archived_at: Date | null }>(
      'select archived_at from audit_months where month = $1 for update',
      [month],
    );
    if (!seal) {
      throw new AuditArchiveRefused(
        `${month} is not sealed yet: a month is sealed an hour after it ends, once a signed checkpoint holds all of it.`,
      );
    }
    const [stray] = await tx.query<{ rows: string }>(
      'select count(*) as rows from audit_log_default where created_at < $1',
      [nextMonth(new Date(`${month}T00:00:00Z`))],
    );
    if (Number(stray?.rows) > 0) {
      throw new AuditArchiveRefused(
        `${stray?.rows} rows of ${month} or earlier wait in the default partition.`,
      );
    }
    const rows = await tx.query<AuditRow>(
      `select * from ${name} order by organization_id, shard, seq`,
    );
    const heads = await tx.query(
      `select organization_id, shard, last_seq, last_hash from audit_month_heads
        where month = $1 order by organization_id, shard`,
      [month],
    );
    await keep(rows, heads);
    await tx.query(`drop table ${name}`);
    await tx.query('update audit_months set archived_at = now() where month = $1', [month]);
    return { rows: rows.length };
  });
}
