/*
 * The SDK's own double lock (HPKE), taken from its source so the dashboard and integrators make
 * key pairs and open sealed data with one implementation. It runs here, in the browser: a private
 * key is made or read locally and never sent anywhere.
 */
export {
  encryptionPublicKeyOf,
  generateEncryptionKeyPair,
  openSealedData,
} from '../../../../packages/sdk/src/double-lock.ts';

/**
 * What a person compares to tell keys apart: SHA-256 of the raw 32-byte public key, its first
 * 16 bytes as hex in groups of four ("3fa2 91c0 …").
 */
export async function keyFingerprint(publicKey: string): Promise<string> {
  const base64 = publicKey.replaceAll('-', '+').replaceAll('_', '/');
  const raw = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  const hex = Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0'));
  return hex.join('').match(/.{4}/g)!.join(' ');
}
