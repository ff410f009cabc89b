import type { Clock } from './clock.ts';

/*
 * What the background jobs that send messages from a table of due rows share (organisations'
 * notifications, security notices, person notices): a job claims due rows by pushing their
 * next_attempt_at past a lease (`for update skip locked`, so processes share the work and a crash
 * mid-send only delays a row), attempts them, and writes each outcome; a failed row is tried again
 * after a doubling wait, MAX_DELIVERY_ATTEMPTS times in all.
 */

/** Attempts per delivery: 30 s, 1, 2, 4, 8, 16 and 32 min apart (about an hour in all). */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A claimed row is attempted again by any process after this long (a crash mid-send). */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Rows one claim may return: the claim's `limit`. */
export const DELIVERY_BATCH_SIZE = 20;
const MAX_BATCHES_PER_RUN = 10;

/**
 * A delivery that is done (delivered, or failed every attempt) is kept this long after it was
 * queued, for whoever looks into "I was never told" (its last_error), then deleted by a sweep:
 * after a month it is only a copy of an address and of a message nobody will send. The request
 * log keeps calls as long by default.
 */
export const DONE_DELIVERY_DAYS = 30;

/** Done deliveries queued before this are deleted. */
export const doneDeliveryCutoff = (now: Date) =>
  new Date(now.getTime() - DONE_DELIVERY_DAYS * 24 * 60 * 60_000);

/** Wait before attempt `attempt + 1` after `attempt` failed attempts: doubling from 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
}

/** When to attempt again after `attempts` failed attempts; null once they are spent. */
export function nextAttemptAfterFailure(now: Date, attempts: number): Date | null {
  return attempts >= MAX_DELIVERY_ATTEMPTS
    ? null
    : new Date(now.getTime() + retryDelayMs(attempts));
}

/** The failure as written on the row. */
export function failureText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * One run of a delivery job: `claim` takes up to DELIVERY_BATCH_SIZE rows due at `now`, leased
 * until `leaseUntil`; each is attempted (a batch at a time, its rows together) until a batch comes
 * back short or MAX_BATCHES_PER_RUN have run. Returns how many rows were attempted.
 */
export async function deliverDueRows<Row>(
  clock: Clock,
  claim: (now: Date, leaseUntil: Date) => Promise<Row[]>,
  attempt: (row: Row) => Promise<void>,
): Promise<number> {
  let attempted = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const now = clock.now();
    const due = await claim(now, new Date(now.getTime() + CLAIM_LEASE_MS));
    await Promise.all(due.map(attempt));
    attempted += due.length;
    if (due.length < DELIVERY_BATCH_SIZE) break;
  }
  return attempted;
}
