import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's N: 2^15 with r=8, p=1 (OWASP's minimum is N=2^17 for r=8 at 1 thread-equivalent;
 * 2^15 keeps a login under ~50 ms on this 2-core machine). The test runner alone sets
 * NODE_ENV=test, and its thousands of sign-ups spent most of `npm test`'s CPU here, so tests hash
 * at 2^10: the same scheme and format. A stored hash names its own parameters, so verifying
 * never depends on this.
 */
export function scryptCost(nodeEnv: string | undefined): number {
  return nodeEnv === 'test' ? 2 ** 10 : 2 ** 15;
}

const N = scryptCost(process.env.NODE_ENV);
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), +n!, +rr!, +pp!);
  return timingSafeEqual(expected, actual);
}

/** A real hash of nothing, so an unknown email costs the same time as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(16).toString('hex'));
