import { randomBytes, randomFillSync } from 'node:crypto';

const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_SIZE);
let offset = POOL_SIZE;

/**
 * `size` bytes from the CSPRNG, like `randomBytes(size)`, served from a 4 KiB pool refilled in
 * one call: on the hot path a code, an IV and an id each asked the CSPRNG on their own, and
 * the cost of a call is mostly its own (Node's `randomUUID` pools the same way). Each byte is
 * served once, as a copy the caller owns.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_SIZE / 8) return randomBytes(size);
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
