import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSecret, hasValidChecksum, SECRET_PREFIX, toBase62 } from './secret-format.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The plain definition: the bytes as one big-endian number, in base 62, no leading zeros. */
function reference(bytes: Uint8Array): string {
  let n = 0n;
  for (const byte of bytes) n = n * 256n + BigInt(byte);
  let out = '';
  for (; n > 0n; n /= 62n) out = BASE62[Number(n % 62n)] + out;
  return out;
}

describe('toBase62', () => {
  it('writes any bytes as their number in base 62, leading zero bytes and digits left out', () => {
    const edges = [[], [0], [0, 0, 1], [1], [61], [62], [0, 62], [255, 255, 255, 255], [0, 0, 0]];
    for (const bytes of edges)
      expect(toBase62(Uint8Array.from(bytes))).toBe(reference(Uint8Array.from(bytes)));
    for (let i = 0; i < 5000; i++) {
      const bytes = randomBytes(i % 33);
      if (i % 3 === 0 && bytes.length > 1) bytes.fill(0, 0, Math.min(bytes.length, 1 + (i % 4)));
      expect(toBase62(bytes)).toBe(reference(bytes));
    }
  });

  it('makes secrets whose checksum holds', () => {
    const secret = generateSecret(SECRET_PREFIX.clientId);
    expect(hasValidChecksum(SECRET_PREFIX.clientId, secret)).toBe(true);
    expect(hasValidChecksum(SECRET_PREFIX.clientId, `${secret.slice(0, -1)}x`)).toBe(
      secret.endsWith('x'),
    );
  });
});
