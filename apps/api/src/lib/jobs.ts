import type { Queryable } from '../db/database.ts';

export interface BackgroundJob {
  /** Unique; names the job's row in `background_jobs`. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
  /**
   * `one-process` (default): one run per interval across all processes. `every-process`: for
   * work held in this process's memory (a flush of counters), which only this process can do.
   */
  runsOn?: 'one-process' | 'every-process';
}

/** What this process did of a job, for /metrics. */
export interface JobStats {
  runs: number;
  failures: number;
  /** Date.now() when this process last finished a run. */
  lastFinishedAt: number | undefined;
}

/** A run that has not finished after this long (a process killed mid-run) may be taken over. */
const MIN_LEASE_MS = 5 * 60_000;
/** A process may claim the next interval slightly early, so ticks of several processes that drift apart still give about one run per interval. */
const EARLY_CLAIM = 0.8;

/**
 * Runs background jobs on their intervals. A `one-process` job is claimed in one statement on
 * its `background_jobs` row (the interval and a lease for the run), so whichever process ticks
 * first runs it and the others skip it until the next interval; works alike on PGlite and
 * PostgreSQL. A job never overlaps itself, and a failure is logged and retried next interval.
 *
 * Modules register their jobs with `ctx.jobs.register({ name, everyMs, run })`.
 */
export class JobRunner {
  private readonly jobs = new Map<string, BackgroundJob>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private isStarted = false;
  /** By job name: what this process ran (runs of a one-process job elsewhere are not here). */
  readonly stats = new Map<string, JobStats>();

  private readonly db: Queryable;
  private readonly log: { error(details: object, message: string): void };

  constructor(db: Queryable, log: { error(details: object, message: string): void }) {
    this.db = db;
    this.log = log;
  }

  register(job: BackgroundJob) {
    if (this.jobs.has(job.name)) throw new Error(`Background job "${job.name}" registered twice`);
    this.jobs.set(job.name, job);
    this.stats.set(job.name, { runs: 0, failures: 0, lastFinishedAt: undefined });
    if (this.isStarted) this.schedule(job);
  }

  /** The jobs registered, for /metrics. */
  list(): BackgroundJob[] {
    return [...this.jobs.values()];
  }

  start() {
    this.isStarted = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Stops the timers and waits for runs under way. */
  async stop() {
    this.isStarted = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled(this.running.values());
  }

  /** One tick of a job: runs it when this process may now. Resolves whether it ran. */
  async tick(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No background job "${name}"`);
    if (this.running.has(name)) return false;
    let ran = false;
    const run = (async () => {
      const isShared = (job.runsOn ?? 'one-process') === 'one-process';
      if (isShared && !(await this.claim(job))) return;
      ran = true;
      let failure: unknown;
      try {
        await job.run();
      } catch (error) {
        failure = error;
        this.log.error({ err: error }, `${job.name} failed`);
      }
      const stats = this.stats.get(name)!;
      stats.runs++;
      if (failure !== undefined) stats.failures++;
      stats.lastFinishedAt = Date.now();
      if (isShared) await this.release(job, failure);
    })()
      .catch((error) => this.log.error({ err: error }, `${job.name} not scheduled`))
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    await run;
    return ran;
  }

  private schedule(job: BackgroundJob) {
    const timer = setInterval(() => void this.tick(job.name), job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  private async claim(job: BackgroundJob): Promise<boolean> {
    const rows = await this.db.query(
      `insert into background_jobs (name, next_run_at, running_until, last_started_at)
       values ($1, clock_timestamp() + make_interval(secs => $2), clock_timestamp() + make_interval(secs => $3),
               clock_timestamp())
       on conflict (name) do update
          set next_run_at = excluded.next_run_at, running_until = excluded.running_until,
              last_started_at = excluded.last_started_at
        where background_jobs.next_run_at <= clock_timestamp()
          and (background_jobs.running_until is null or background_jobs.running_until <= clock_timestamp())
       returning name`,
      [
        job.name,
        (job.everyMs * EARLY_CLAIM) / 1000,
        Math.max(MIN_LEASE_MS, job.everyMs * 2) / 1000,
      ],
    );
    return rows.length > 0;
  }

  private async release(job: BackgroundJob, failure: unknown) {
    await this.db.query(
      `update background_jobs set running_until = null, last_finished_at = clock_timestamp(), last_error = $2
        where name = $1`,
      [job.name, failure === undefined ? null : String(failure).slice(0, 500)],
    );
  }
}
