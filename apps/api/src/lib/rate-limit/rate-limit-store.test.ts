import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory-store.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { RedisRateLimitStore } from './redis-store.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function isRedisReachable() {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const stores: Array<[string, () => RateLimitStore]> = [
  ['memory', () => new MemoryRateLimitStore()],
];
if (await isRedisReachable()) {
  stores.push([
    'redis',
    () =>
      new RedisRateLimitStore(
        new Redis(redisUrl),
        `tanqin-test-${randomBytes(4).toString('hex')}:`,
      ),
  ]);
}

describe.each(stores)('sliding-window store: %s', (_name, create) => {
  const store = create();
  afterAll(() => store.close());
  const t0 = 1_800_000_000_000;

  it('allows exactly the limit within the window, then frees slots as hits leave it', async () => {
    const window = { key: 'a', limit: 3, windowMs: 60_000 };
    const allowed = [];
    for (let i = 0; i < 5; i++)
      allowed.push((await store.consume([window], t0 + i * 1000)).allowed);
    expect(allowed).toEqual([true, true, true, false, false]);
    const blocked = await store.consume([window], t0 + 10_000);
    expect(blocked.states[0]).toMatchObject({ count: 3, resetMs: 50_000 });
    // The first hit leaves the window at t0 + 60 s: one slot frees, the next call fits.
    expect((await store.consume([window], t0 + 60_001)).allowed).toBe(true);
    expect((await store.consume([window], t0 + 60_002)).allowed).toBe(false);
  });

  it('consumes all windows or none', async () => {
    const minute = { key: 'b:minute', limit: 10, windowMs: 60_000 };
    const hour = { key: 'b:hour', limit: 2, windowMs: 3_600_000 };
    expect((await store.consume([minute, hour], t0)).allowed).toBe(true);
    expect((await store.consume([minute, hour], t0 + 1)).allowed).toBe(true);
    const third = await store.consume([minute, hour], t0 + 2);
    expect(third.allowed).toBe(false);
    // The refused call was not recorded in the minute window either.
    expect(third.states.map((s) => s.count)).toEqual([2, 2]);
  });

  it('keeps counting exactly while thousands of hits leave the window', async () => {
    const window = { key: 'd', limit: 2500, windowMs: 1000 };
    // One hit a millisecond for 4 s: past the first second, 1,000 hits are in the window.
    const counts = [];
    for (let i = 0; i < 4000; i++) {
      const { allowed, states } = await store.consume([window], t0 + i);
      if (!allowed) throw new Error(`hit ${i} refused`);
      if (i % 500 === 499) counts.push(states[0]!.count);
    }
    expect(counts).toEqual([500, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    const last = await store.consume([window], t0 + 4000);
    expect(last.states[0]).toMatchObject({ count: 1000, resetMs: 1 });
    expect(await store.count('d', 1000, t0 + 4500)).toBe(500);
  });

  it('counts, records and clears failure counters', async () => {
    await store.record('c', 1000, t0);
    await store.record('c', 1000, t0 + 500);
    expect(await store.count('c', 1000, t0 + 600)).toBe(2);
    expect(await store.count('c', 1000, t0 + 1200)).toBe(1);
    await store.clear('c');
    expect(await store.count('c', 1000, t0 + 1200)).toBe(0);
  });
});
