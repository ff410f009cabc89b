import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { JobRunner } from '../src/lib/jobs.ts';
import { createTestDatabase, databaseKinds } from './harness.ts';

const failures: string[] = [];
const log = { error: (_details: object, message: string) => failures.push(message) };

/** Ticks until the runner runs the job, failing after the deadline (no fixed sleeps). */
async function tickUntilRun(runner: JobRunner, name: string, deadlineMs = 2000) {
  const until = Date.now() + deadlineMs;
  while (!(await runner.tick(name))) {
    if (Date.now() > until) throw new Error(`${name} did not run within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(databaseKinds)('background jobs on %s', (kind) => {
  let db: Database;
  // Two runners on one database stand for two API processes.
  let first: JobRunner;
  let second: JobRunner;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    first = new JobRunner(db, log);
    second = new JobRunner(db, log);
  });
  afterAll(() => db.close());

  it('runs a job once per interval across processes', async () => {
    let runs = 0;
    const job = { name: 'sweep', everyMs: 200, run: async () => runs++ };
    first.register(job);
    second.register(job);
    const ran = await Promise.all([first.tick('sweep'), second.tick('sweep')]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Within the interval nobody runs it again; after it, whoever ticks first does.
    expect(await second.tick('sweep')).toBe(false);
    await tickUntilRun(second, 'sweep');
    expect(runs).toBe(2);
  });

  it('never starts a run while another process is still running it', async () => {
    let finish = () => {};
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let runs = 0;
    const job = {
      name: 'long',
      everyMs: 50,
      run: () => {
        runs++;
        return running;
      },
    };
    first.register(job);
    second.register(job);
    const firstRun = first.tick('long');
    await expect.poll(() => runs).toBe(1);
    // The interval passes while the first run holds its lease: the second process skips.
    await expect
      .poll(async () => {
        const [due] = await db.query<{ is_due: boolean }>(
          `select next_run_at <= clock_timestamp() as is_due from background_jobs where name = 'long'`,
        );
        return due!.is_due;
      })
      .toBe(true);
    expect(await second.tick('long')).toBe(false);
    finish();
    expect(await firstRun).toBe(true);
    await tickUntilRun(second, 'long');
    expect(runs).toBe(2);
  });

  it('logs a failed run, records it and runs again next interval', async () => {
    let attempts = 0;
    first.register({
      name: 'flaky',
      everyMs: 50,
      run: async () => {
        if (++attempts === 1) throw new Error('receiver down');
      },
    });
    expect(await first.tick('flaky')).toBe(true);
    expect(failures).toContain('flaky failed');
    const [row] = await db.query<{ last_error: string }>(
      `select last_error from background_jobs where name = 'flaky'`,
    );
    expect(row!.last_error).toContain('receiver down');
    await tickUntilRun(first, 'flaky');
    expect(attempts).toBe(2);
  });

  it('runs an every-process job in each process at every tick, one run at a time', async () => {
    let runs = 0;
    const job = {
      name: 'flush',
      everyMs: 60_000,
      run: async () => runs++,
      runsOn: 'every-process' as const,
    };
    first.register(job);
    second.register(job);
    const ran = await Promise.all([first.tick('flush'), second.tick('flush'), first.tick('flush')]);
    expect(ran).toEqual([true, true, false]);
    expect(await first.tick('flush')).toBe(true);
    expect(runs).toBe(3);
  });
});
