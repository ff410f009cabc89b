import { collectDefaultMetrics, Registry } from 'prom-client';
import type { AppContext } from '../../app-context.ts';
import { type GroupCommitStats, groupCommitStats } from '../../db/group-commit.ts';
import {
  type FixedHistogram,
  type MetricValue,
  type ScrapedMetric,
  scrapedMetric,
} from './histogram.ts';

/**
 * Deliveries waiting or given up, by what they carry and how: organisations' security
 * notifications (webhook or email), people's notices of their codes and account notices (email or
 * SMS). Each pending count reads a partial index of due rows, each failed count one of failed rows.
 */
const DELIVERIES_SQL = `
select 'notification' as kind, p.notification_type as channel, d.status as state, count(*)::int as count
  from notification_deliveries d join notification_preferences p on p.id = d.preference_id
 where d.status in ('pending', 'failed')
 group by 2, 3
union all
select 'person_notice', channel, status, count(*)::int
  from person_notice_deliveries where status in ('pending', 'failed')
 group by 2, 3
union all
select 'account_notice', channel, case when next_attempt_at is null then 'failed' else 'pending' end,
       count(*)::int
  from account_notices
 group by 2, 3`;

async function deliveryValues(ctx: AppContext): Promise<MetricValue[]> {
  const rows = await ctx.db.query<{ kind: string; channel: string; state: string; count: number }>(
    DELIVERIES_SQL,
  );
  return rows.map(({ kind, channel, state, count }) => ({
    labels: { kind, channel, state },
    value: count,
  }));
}

/** Per job: when it last finished (by any process for a shared job) and how overdue it is. */
async function jobValues(ctx: AppContext) {
  const rows = await ctx.db.query<{ name: string; last: number | null; now: number }>(
    `select name, extract(epoch from last_finished_at)::float8 as last,
            extract(epoch from clock_timestamp())::float8 as now
       from background_jobs`,
  );
  const shared = new Map(rows.map((row) => [row.name, row]));
  const now = Date.now() / 1000;
  const lastRun: MetricValue[] = [];
  const lag: MetricValue[] = [];
  const failures: MetricValue[] = [];
  for (const job of ctx.jobs.list()) {
    const stats = ctx.jobs.stats.get(job.name)!;
    const isShared = (job.runsOn ?? 'one-process') === 'one-process';
    const row = shared.get(job.name);
    const last = isShared ? row?.last : stats.lastFinishedAt && stats.lastFinishedAt / 1000;
    const labels = { job: job.name };
    failures.push({ labels, value: stats.failures });
    if (!last) continue;
    lastRun.push({ labels, value: last });
    lag.push({
      labels,
      value: Math.max(0, (isShared ? row!.now : now) - last - job.everyMs / 1000),
    });
  }
  return { lastRun, lag, failures };
}

function groupCommitValues(): ScrapedMetric[] {
  const histogram = (
    name: string,
    help: string,
    pick: (stats: GroupCommitStats) => FixedHistogram,
  ) =>
    scrapedMetric(name, help, 'histogram', () =>
      [...groupCommitStats].flatMap(([batcher, stats]) => pick(stats).values(name, { batcher })),
    );
  return [
    histogram(
      'tanqin_batch_size',
      'Operations per group-commit batch (token writes: generate, verify, billed reads)',
      (stats) => stats.size,
    ),
    histogram(
      'tanqin_batch_wait_seconds',
      'Time from the first operation of a batch to its statement being sent',
      (stats) => stats.wait,
    ),
    histogram(
      'tanqin_batch_statement_seconds',
      "Time a batch's one statement took",
      (stats) => stats.statement,
    ),
  ];
}

/**
 * The registry /metrics prints: requests and refusals (`http`, from registerHttpMetrics),
 * group-commit batches, background jobs, deliveries, the database pool, and Node's own
 * (event-loop lag, memory, CPU) from prom-client. What comes from the database is read when
 * scraped, never on a request's path.
 */
export function createMetricsRegistry(ctx: AppContext, http: ScrapedMetric[]): Registry {
  const registry = new Registry();
  let jobs: ReturnType<typeof jobValues> | undefined;
  // The three job families come from one query per scrape.
  const jobsOnce = () => {
    jobs ??= jobValues(ctx).finally(() => setImmediate(() => (jobs = undefined)));
    return jobs;
  };
  const metrics: ScrapedMetric[] = [
    ...http,
    ...groupCommitValues(),
    scrapedMetric(
      'tanqin_job_last_run_timestamp_seconds',
      'When a background job last finished a run (any process for a job that runs on one)',
      'gauge',
      async () => (await jobsOnce()).lastRun,
    ),
    scrapedMetric(
      'tanqin_job_lag_seconds',
      'How far past its interval a background job is since its last run (0: on time)',
      'gauge',
      async () => (await jobsOnce()).lag,
    ),
    scrapedMetric(
      'tanqin_job_failures_total',
      'Runs of a background job in this process that failed',
      'counter',
      async () => (await jobsOnce()).failures,
    ),
    scrapedMetric(
      'tanqin_deliveries',
      'Deliveries pending (due or retrying) or failed (every attempt spent), by kind and channel',
      'gauge',
      () => deliveryValues(ctx),
    ),
    scrapedMetric(
      'tanqin_db_pool_connections',
      'Database connections of this process: max, open, idle; waiting = queries queued for one',
      'gauge',
      () => {
        const stats = ctx.db.poolStats?.();
        if (!stats) return [];
        return (['max', 'open', 'idle', 'waiting'] as const).map((state) => ({
          labels: { state },
          value: stats[state],
        }));
      },
    ),
    scrapedMetric(
      'tanqin_redis_up',
      'With REDIS_URL: 1 while every connection to Redis answers, 0 while PostgreSQL stands in for it',
      'gauge',
      () => (ctx.redis ? [{ labels: {}, value: ctx.redis.state() === 'ok' ? 1 : 0 }] : []),
    ),
  ];
  for (const metric of metrics) registry.registerMetric(metric as never);
  return Registry.merge([processRegistry(), registry]);
}

let processMetrics: Registry | undefined;

/** Node's own figures (event-loop lag, memory, CPU, handles): one monitor per process. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 20 });
  }
  return processMetrics;
}
