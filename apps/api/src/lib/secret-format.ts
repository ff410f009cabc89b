import { crc32 } from 'node:zlib';
import { pooledRandomBytes } from './random-pool.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CHECKSUM_LENGTH = 6;

/** Four base-62 digits: the unit toBase62 works in (a unit * 65536 + carry stays below 2^53). */
const UNIT = 62 ** 4;

/** One unit as its base-62 digits; all four, or without leading zeros for the leading unit. */
function unitDigits(unit: number, isLeading: boolean): string {
  let out = '';
  for (let rest = unit, i = 0; i < 4 && !(isLeading && rest === 0 && i > 0); i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/**
 * The bytes as one big-endian number in base 62, without leading zeros (hot path: no BigInt,
 * and the long division done on units of four digits, two bytes at a time: a third of the time
 * of one digit and one byte at a time).
 */
export function toBase62(bytes: Uint8Array): string {
  const units: number[] = []; // least significant first
  for (let i = bytes.length % 2 ? -1 : 0; i < bytes.length; i += 2) {
    let carry = ((bytes[i] ?? 0) << 8) | bytes[i + 1]!;
    for (let j = 0; j < units.length; j++) {
      carry += units[j]! * 65536;
      units[j] = carry % UNIT;
      carry = Math.floor(carry / UNIT);
    }
    for (; carry > 0; carry = Math.floor(carry / UNIT)) units.push(carry % UNIT);
  }
  let out = '';
  for (let j = units.length - 1; j >= 0; j--) out += unitDigits(units[j]!, j === units.length - 1);
  return out;
}

function checksum(text: string): string {
  return toBase62(Buffer.from(crc32(text).toString(16).padStart(8, '0'), 'hex'))
    .padStart(CHECKSUM_LENGTH, '0')
    .slice(-CHECKSUM_LENGTH);
}

/**
 * Secrets made for secret scanning (as GitHub's tokens): a recognisable prefix, random bits in
 * base62, and a CRC32 checksum so junk is refused before any database lookup.
 */
export function generateSecret(prefix: string, randomByteCount = 24): string {
  const body = toBase62(pooledRandomBytes(randomByteCount)).padStart(
    Math.ceil((randomByteCount * 8) / Math.log2(62)),
    '0',
  );
  return `${prefix}${body}${checksum(prefix + body)}`;
}

export function hasValidChecksum(prefix: string, value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith(prefix) || value.length > 200) return false;
  const rest = value.slice(prefix.length);
  if (rest.length <= CHECKSUM_LENGTH || !/^[0-9A-Za-z]+$/.test(rest)) return false;
  const body = rest.slice(0, -CHECKSUM_LENGTH);
  return checksum(prefix + body) === rest.slice(-CHECKSUM_LENGTH);
}

export const SECRET_PREFIX = {
  clientId: 'tqc_',
  clientSecret: 'tqcs_live_',
  apiKey: 'tqk_live_',
  apiSecret: 'tqs_live_',
  testApiKey: 'tqk_test_',
  testApiSecret: 'tqs_test_',
  refreshToken: 'tqr_',
  invitation: 'tqi_',
} as const;

/** The prefixes of an API key and its secret in each mode. */
export const API_KEY_PREFIXES = {
  live: { key: SECRET_PREFIX.apiKey, secret: SECRET_PREFIX.apiSecret },
  test: { key: SECRET_PREFIX.testApiKey, secret: SECRET_PREFIX.testApiSecret },
} as const;

/** An API key (public half) of either mode, its checksum holding. */
export function isApiKeyFormat(value: unknown): value is string {
  return (
    hasValidChecksum(SECRET_PREFIX.apiKey, value) ||
    hasValidChecksum(SECRET_PREFIX.testApiKey, value)
  );
}

export function isApiSecretFormat(value: unknown): value is string {
  return (
    hasValidChecksum(SECRET_PREFIX.apiSecret, value) ||
    hasValidChecksum(SECRET_PREFIX.testApiSecret, value)
  );
}

/** A non-secret random identifier with a readable prefix, e.g. `tok_3Fq9...`. */
export function randomId(prefix: string, randomByteCount = 15): string {
  return `${prefix}${toBase62(pooledRandomBytes(randomByteCount))}`;
}
