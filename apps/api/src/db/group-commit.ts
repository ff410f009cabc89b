import { performance } from 'node:perf_hooks';
import { FixedHistogram } from '../lib/metrics/histogram.ts';
import { type Database, isRefusedStatement, type Queryable } from './database.ts';

/**
 * Writes a batch of operations in ONE statement (atomic by itself: it commits in its own round
 * trip, with no BEGIN and COMMIT round trips): one outcome per operation, in order.
 */
export type BatchWrite<Op, Outcome> = (db: Queryable, ops: Op[]) => Promise<Outcome[]>;

export interface GroupCommitOptions {
  /** Batches written at once (each on its own connection). */
  maxInFlight: number;
  /** Operations per batch at most. */
  maxBatch: number;
  /** Names its figures in /metrics (`groupCommitStats`). */
  name?: string;
}

/** Operations per batch. */
const SIZE_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/** What the group commits of this process did, by name, for /metrics. */
export class GroupCommitStats {
  /** Operations per batch written. */
  readonly size = new FixedHistogram(SIZE_BUCKETS);
  /** Seconds from the first operation of a batch being submitted to its statement being sent. */
  readonly wait = new FixedHistogram();
  /** Seconds the batch's statement took. */
  readonly statement = new FixedHistogram();
}

export const groupCommitStats = new Map<string, GroupCommitStats>();

interface Pending<Op, Outcome> {
  op: Op;
  /** performance.now() when submitted. */
  at: number;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit: operations submitted while a batch is being written wait for the next one, which
 * writes them all in one statement; each is answered only after that statement committed.
 * Nothing waits on a timer: when no batch is in flight, the operations of the current event-loop
 * turn form the next batch at once (docs/decisions/006-group-commit.md).
 *
 * One operation must not fail its neighbours: when the database refuses a batch (nothing of it
 * was written), each of its operations is written again alone and answered by its own result.
 * Any other failure (a lost connection) leaves the outcome unknown: it is passed to every
 * operation.
 */
export class GroupCommit<Op, Outcome> {
  readonly #db: Database;
  readonly #write: BatchWrite<Op, Outcome>;
  readonly #options: GroupCommitOptions;
  #queue: Pending<Op, Outcome>[] = [];
  #inFlight = 0;
  #isScheduled = false;
  readonly #stats: GroupCommitStats;

  constructor(db: Database, write: BatchWrite<Op, Outcome>, options: GroupCommitOptions) {
    this.#db = db;
    this.#write = write;
    this.#options = options;
    const name = options.name ?? 'unnamed';
    let stats = groupCommitStats.get(name);
    if (!stats) {
      stats = new GroupCommitStats();
      groupCommitStats.set(name, stats);
    }
    this.#stats = stats;
  }

  submit(op: Op): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ op, at: performance.now(), resolve, reject });
      this.#schedule();
    });
  }

  #schedule() {
    if (this.#isScheduled || this.#inFlight >= this.#options.maxInFlight) return;
    if (this.#queue.length === 0) return;
    this.#isScheduled = true;
    // Requests already read from the sockets in this turn join the batch.
    setImmediate(() => {
      this.#isScheduled = false;
      while (this.#inFlight < this.#options.maxInFlight && this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#options.maxBatch);
        this.#inFlight++;
        void this.#run(batch).finally(() => {
          this.#inFlight--;
          this.#schedule();
        });
      }
    });
  }

  async #run(batch: Pending<Op, Outcome>[]) {
    const startedAt = performance.now();
    this.#stats.size.observe(batch.length);
    this.#stats.wait.observe((startedAt - batch[0]!.at) / 1000);
    try {
      const outcomes = await this.#write(
        this.#db,
        batch.map((pending) => pending.op),
      );
      this.#stats.statement.observe((performance.now() - startedAt) / 1000);
      for (const [index, pending] of batch.entries()) pending.resolve(outcomes[index]!);
    } catch (error) {
      if (batch.length === 1 || !isRefusedStatement(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      for (const pending of batch) await this.#run([pending]);
    }
  }
}
