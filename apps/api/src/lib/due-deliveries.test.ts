import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import {
  DELIVERY_BATCH_SIZE,
  deliverDueRows,
  MAX_DELIVERY_ATTEMPTS,
  nextAttemptAfterFailure,
} from './due-deliveries.ts';

describe('due deliveries', () => {
  const clock = new ManualClock(new Date('2026-11-26T12:00:00Z'));

  /** A claim over `total` due rows that records each lease it was given. */
  function queue(total: number) {
    let left = total;
    const leases: number[] = [];
    const claim = async (now: Date, leaseUntil: Date) => {
      leases.push(leaseUntil.getTime() - now.getTime());
      const batch = Math.min(left, DELIVERY_BATCH_SIZE);
      left -= batch;
      return Array.from({ length: batch }, (_, index) => index);
    };
    return { claim, leases, left: () => left };
  }

  it('claims batch after batch until one comes back short, with a five-minute lease', async () => {
    const due = queue(2 * DELIVERY_BATCH_SIZE + 3);
    let attempted = 0;
    const count = await deliverDueRows(clock, due.claim, async () => {
      attempted++;
    });
    expect(count).toBe(2 * DELIVERY_BATCH_SIZE + 3);
    expect(attempted).toBe(count);
    expect(due.leases).toEqual([300_000, 300_000, 300_000]);
  });

  it('stops after ten full batches, leaving the rest to the next run', async () => {
    const due = queue(15 * DELIVERY_BATCH_SIZE);
    const count = await deliverDueRows(clock, due.claim, async () => {});
    expect(count).toBe(10 * DELIVERY_BATCH_SIZE);
    expect(due.left()).toBe(5 * DELIVERY_BATCH_SIZE);
  });

  it('waits 30 s, then doubling, and gives up after the eighth attempt', () => {
    const now = clock.now();
    const waits = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, index) => {
      const next = nextAttemptAfterFailure(now, index + 1);
      return next!.getTime() - now.getTime();
    });
    expect(waits.map((ms) => ms / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(nextAttemptAfterFailure(now, MAX_DELIVERY_ATTEMPTS)).toBeNull();
  });
});
