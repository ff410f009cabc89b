import { createHmac } from 'node:crypto';
import { CODE_ALPHABET, CODE_BODY_LENGTH, checkCharacter } from '@tanqin/shared';
import { decrypt, encrypt, hmacSha256 } from '../../lib/crypto.ts';
import { pooledRandomBytes } from '../../lib/random-pool.ts';

/** 80 random bits as 16 Crockford base32 characters, plus the check character. */
export function generateCode(): string {
  const bytes = pooledRandomBytes(10);
  let body = '';
  // The 80 bits read five at a time from the most significant end.
  for (let i = 0; i < CODE_BODY_LENGTH; i++) {
    const bit = i * 5;
    const pair = (bytes[bit >> 3]! << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    body += CODE_ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  return body + checkCharacter(body);
}

/** Lookup hash of a code: keyed, so a copy of the database cannot test guesses offline. */
export function codeLookupHash(pepper: Buffer, code: string): string {
  return hmacSha256(pepper, `code:${code}`);
}

const PAYLOAD_KEY_INFO = Buffer.from('tanqin/token-payload/v1\x01');

/**
 * The payload key comes from the code alone (HKDF-SHA-256, RFC 5869, salt = token id): the server
 * cannot derive it later. Written with two HMACs (one output block), which is what hkdfSync
 * computes at a third of its cost.
 */
function payloadKey(code: string, tokenId: string): Buffer {
  const pseudoRandomKey = createHmac('sha256', tokenId).update(code).digest();
  return createHmac('sha256', pseudoRandomKey).update(PAYLOAD_KEY_INFO).digest();
}

export function sealPayload(code: string, tokenId: string, payload: unknown): string {
  return encrypt(payloadKey(code, tokenId), JSON.stringify(payload), tokenId);
}

export function openPayload<T>(code: string, tokenId: string, sealed: string): T {
  return JSON.parse(decrypt(payloadKey(code, tokenId), sealed, tokenId).toString('utf8')) as T;
}
