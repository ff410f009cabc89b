import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core';
import { DhkemX25519HkdfSha256, HkdfSha256 as KemHkdfSha256, X25519 } from '@hpke/dhkem-x25519';
import type { JsonValue, SealedVerifyTokenResult } from './types.ts';

/**
 * The double lock (RFC 9180 HPKE base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256,
 * AES-128-GCM, info `tanqin/v1 payload`): your organisation registers an X25519 public key, and
 * the data of every code addressed to it is sealed to that key as well. Only your private key
 * opens it. Runs in Node 20+ and in browsers (Web Crypto), nothing leaves the process.
 */
const suite = new CipherSuite({
  kem: new DhkemX25519HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes128Gcm(),
});
const INFO = new TextEncoder().encode('tanqin/v1 payload');
// PKCS#8 for an X25519 private key (RFC 8410) is this prefix and the raw 32 bytes: what
// `openssl genpkey -algorithm X25519` writes.
const PKCS8_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,
];

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/').replace(/\s/g, ''));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const buffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The raw 32 bytes of a private key given as PKCS#8 PEM or as base64url of the raw bytes. */
function rawPrivateKey(privateKey: string): Uint8Array {
  const pem = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(privateKey);
  const bytes = fromBase64(pem ? pem[1]! : privateKey.trim());
  if (bytes.length === 32) return bytes;
  const hasPrefix = PKCS8_PREFIX.every((byte, index) => bytes[index] === byte);
  if (bytes.length === 48 && hasPrefix) return bytes.slice(16);
  throw new TypeError('Tanqin: the private key is not an X25519 key (PKCS#8 PEM or 32 bytes)');
}

function pemOf(raw: Uint8Array): string {
  const der = new Uint8Array([...PKCS8_PREFIX, ...raw]);
  return `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----\n`;
}

/**
 * A new key pair, made here: register `publicKey` (base64url, 43 characters) in the dashboard's
 * settings or with `PUT /api/v1/organization/encryption-key`, and keep `privateKey` (PKCS#8
 * PEM) to yourself. Tanqin never sees it, and cannot recover it.
 */
export async function generateEncryptionKeyPair(): Promise<{
  publicKey: string;
  privateKey: string;
}> {
  const pair = await suite.kem.generateKeyPair();
  const publicKey = new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey));
  const privateKey = new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey));
  return { publicKey: toBase64url(publicKey), privateKey: pemOf(privateKey) };
}

/**
 * The public key (base64url of the raw 32 bytes, as registered) of a private key given as PKCS#8
 * PEM or raw base64url: tells, before a code is used, whether a key file is the registered one.
 */
export async function encryptionPublicKeyOf(privateKey: string): Promise<string> {
  const curve = new X25519(new KemHkdfSha256());
  const secret = await curve.deserializePrivateKey(buffer(rawPrivateKey(privateKey)));
  const publicKey = await curve.serializePublicKey(await curve.derivePublicKey(secret));
  return toBase64url(new Uint8Array(publicKey));
}

/** Opens a double-locked verify answer (`encryption: "hpke"`) with your private key: its data. */
export async function openSealedData<T = Record<string, JsonValue>>(
  sealed: Pick<SealedVerifyTokenResult, 'enc' | 'ciphertext'>,
  privateKey: string,
): Promise<T> {
  const recipientKey = await suite.kem.deserializePrivateKey(buffer(rawPrivateKey(privateKey)));
  const plaintext = await suite.open(
    { recipientKey, enc: buffer(fromBase64(sealed.enc)), info: buffer(INFO) },
    buffer(fromBase64(sealed.ciphertext)),
  );
  return JSON.parse(new TextDecoder().decode(plaintext)) as T;
}
