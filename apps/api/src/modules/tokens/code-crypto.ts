import { hkdfSync, randomBytes } from 'node:crypto';
import { CODE_ALPHABET, CODE_BODY_LENGTH, checkCharacter } from '@tanqin/shared';
import { decrypt, encrypt, hmacSha256 } from '../../lib/crypto.ts';

/** 80 random bits as 16 Crockford base32 characters, plus the check character. */
export function generateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let body = '';
  for (let i = CODE_BODY_LENGTH - 1; i >= 0; i--) {
    body += CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return body + checkCharacter(body);
}

/** Lookup hash of a code: keyed, so a copy of the database cannot test guesses offline. */
export function codeLookupHash(pepper: Buffer, code: string): string {
  return hmacSha256(pepper, `code:${code}`);
}

/** The payload key comes from the code alone (HKDF-SHA-256): the server cannot derive it later. */
function payloadKey(code: string, tokenId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', code, tokenId, 'tanqin/token-payload/v1', 32));
}

export function sealPayload(code: string, tokenId: string, payload: unknown): string {
  return encrypt(payloadKey(code, tokenId), JSON.stringify(payload), tokenId);
}

export function openPayload<T>(code: string, tokenId: string, sealed: string): T {
  return JSON.parse(decrypt(payloadKey(code, tokenId), sealed, tokenId).toString('utf8')) as T;
}
