// @hpke/core's X25519 runs on Node's own WebCrypto: 2x less CPU per seal than the JavaScript
// curve of @hpke/dhkem-x25519 (3.7 against 8.0 ms, one A/B on a loaded machine), which the SDK
// keeps for browsers without X25519 in WebCrypto.
import { Aes128Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/core';
import { HPKE_PAYLOAD_INFO } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { InvalidatedCache } from '../../lib/invalidation/invalidated-cache.ts';

/**
 * The double lock (RFC 9180): the data of a code addressed to an organisation that registered
 * an X25519 public key is sealed to that key before the code-derived encryption seals it again.
 * Only the private key the organisation keeps opens it; this process never sees that key.
 */
const suite = new CipherSuite({
  kem: new DhkemX25519HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes128Gcm(),
});
const info = new TextEncoder().encode(HPKE_PAYLOAD_INFO).buffer as ArrayBuffer;

export interface SealedData {
  enc: string;
  ciphertext: string;
}

/** HPKE base mode to `publicKey` (base64url of the raw 32 bytes); the plaintext is the data's JSON. */
export async function sealToOrganization(publicKey: string, data: unknown): Promise<SealedData> {
  const raw = Buffer.from(publicKey, 'base64url');
  const recipientPublicKey = await suite.kem.deserializePublicKey(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer,
  );
  const sealed = await suite.seal(
    { recipientPublicKey, info },
    new TextEncoder().encode(JSON.stringify(data)).buffer as ArrayBuffer,
  );
  return {
    enc: Buffer.from(sealed.enc).toString('base64url'),
    ciphertext: Buffer.from(sealed.ct).toString('base64url'),
  };
}

/** True when a key can be sealed to (a low-order point, such as all zeros, cannot). */
export async function canSealTo(publicKey: string): Promise<boolean> {
  try {
    await sealToOrganization(publicKey, {});
    return true;
  } catch {
    return false;
  }
}

// Keyed by organisation id; a change of the key publishes `organization` (encryption-key.service).
const keyCache = new InvalidatedCache<string | null>(
  'organization',
  (organizationId) => organizationId,
  60_000,
);

/** The audience's registered public key, or null: cached, so generate stays one read lighter. */
export function encryptionKeyOf(ctx: AppContext, organizationId: string): Promise<string | null> {
  return keyCache.getOrLoad(organizationId, async () => {
    const [row] = await ctx.db.query<{ encryption_public_key: string | null }>(
      'select encryption_public_key from organizations where id = $1',
      [organizationId],
    );
    return row?.encryption_public_key ?? null;
  });
}
