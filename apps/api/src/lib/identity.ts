import { hmacSha256 } from './crypto.ts';

/**
 * The national id is never stored in clear: an HMAC under the server pepper lets the platform
 * match an individual's account to codes issued for them, and nothing more.
 */
export function hashNationalId(pepper: Buffer, nationalId: string): string {
  return hmacSha256(pepper, `national-id:${nationalId}`);
}
