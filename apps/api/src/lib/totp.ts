import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from './crypto.ts';

/** TOTP of RFC 6238 over HOTP (RFC 4226): HMAC-SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps read). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 (RFC 4226 recommends the HMAC's output length). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP value of one counter (RFC 4226 section 5.3, dynamic truncation). */
export function hotp(
  secret: Buffer,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) |
    (mac[offset + 1]! << 16) |
    (mac[offset + 2]! << 8) |
    mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(nowMs: number, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(nowMs / 1000 / period);
}

/** The code an authenticator shows at `nowMs` for a base32 secret. */
export function generateTotp(secretBase32: string, nowMs: number, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secretBase32), totpStep(nowMs), digits);
}

/**
 * The time step a code belongs to, if it is the code of the current step or one step either side
 * (clock drift), and later than `lastUsedStep` — a code already accepted is not accepted again.
 */
/**
 * The time step (previous, current or next) whose code `code` is, used or not; null when it is
 * none of them. `verifyTotp` refuses a step already used; this tells such a code apart.
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | null {
  return verifyTotp(secretBase32, code, nowMs, null);
}

export function verifyTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null = null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const current = totpStep(nowMs);
  let matched: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    // Compare every candidate, so the time taken does not say which step matched.
    if (constantTimeEqual(hotp(secret, step), code) && matched === null) matched = step;
  }
  if (matched === null || (lastUsedStep !== null && matched <= lastUsedStep)) return null;
  return matched;
}

/** The `otpauth://` URL authenticator apps scan (Key Uri Format). */
export function otpauthUrl(secretBase32: string, account: string, issuer = 'Tanqin'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params}`;
}
