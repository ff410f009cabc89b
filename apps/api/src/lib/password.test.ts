import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCost, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('hashes with scrypt at 2^15 outside the test runner, and names its parameters', async () => {
    expect(scryptCost('production')).toBe(2 ** 15);
    expect(scryptCost('development')).toBe(2 ** 15);
    expect(scryptCost(undefined)).toBe(2 ** 15);
    expect(scryptCost('test')).toBe(2 ** 10);

    const stored = await hashPassword('Correct-Horse-7');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Correct-Horse-7', stored)).toBe(true);
    expect(await verifyPassword('Correct-Horse-8', stored)).toBe(false);
  });

  it('verifies a production hash by the parameters it names', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Correct-Horse-7', salt, 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 << 20,
    });
    const stored = `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('Correct-Horse-7', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-7', stored)).toBe(false);
  });
});
