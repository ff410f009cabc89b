import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotp,
  generateTotpSecret,
  hotp,
  otpauthUrl,
  totpStep,
  verifyTotp,
} from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed and its 8-digit codes.
const seed = Buffer.from('12345678901234567890', 'ascii');
const vectors: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors for SHA-1', () => {
    for (const [seconds, expected] of vectors) {
      expect(hotp(seed, totpStep(seconds * 1000), 8)).toBe(expected);
      expect(generateTotp(base32Encode(seed), seconds * 1000, 8)).toBe(expected);
    }
  });

  it('matches RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    for (const [counter, code] of expected.entries()) expect(hotp(seed, counter)).toBe(code);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Encode(seed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv-gy3tqojqgezdgnbvgy3tqojq')).toEqual(seed);
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the current step and one either side, once each, never an older step', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = generateTotp(secret, now);
    expect(verifyTotp(secret, code, now)).toBe(step);
    expect(verifyTotp(secret, code, now + 30_000)).toBe(step);
    expect(verifyTotp(secret, code, now - 30_000)).toBe(step);
    expect(verifyTotp(secret, code, now + 90_000)).toBeNull();
    // Used once: the same step is refused, a later one is accepted.
    expect(verifyTotp(secret, code, now, step)).toBeNull();
    expect(verifyTotp(secret, generateTotp(secret, now + 30_000), now, step)).toBe(step + 1);
    expect(verifyTotp(secret, '12345', now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth URL authenticator apps scan', () => {
    const text = otpauthUrl('GEZDGNBV', 'sara@example.sa');
    expect(text.startsWith('otpauth://totp/Tanqin:sara%40example.sa?')).toBe(true);
    const url = new URL(text);
    expect(url.searchParams.get('secret')).toBe('GEZDGNBV');
    expect(url.searchParams.get('issuer')).toBe('Tanqin');
  });
});
