import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool.ts';

describe('pooledRandomBytes', () => {
  it('serves each byte once, across refills of the pool, as buffers the caller owns', () => {
    const served = Array.from({ length: 2000 }, () => pooledRandomBytes(12));
    expect(served.every((bytes) => bytes.length === 12)).toBe(true);
    expect(new Set(served.map((bytes) => bytes.toString('hex'))).size).toBe(served.length);
    const copy = Buffer.from(served[0]!);
    served[0]!.fill(0);
    pooledRandomBytes(12);
    served[1]!.fill(0);
    expect(served[0]!.equals(Buffer.alloc(12))).toBe(true);
    expect(served[0]!.equals(copy)).toBe(false);
    expect(served[2]!.equals(Buffer.alloc(12))).toBe(false);
  });

  it('asks the CSPRNG directly for a large request', () => {
    expect(pooledRandomBytes(4096)).toHaveLength(4096);
  });
});
