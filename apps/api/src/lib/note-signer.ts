import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';

/*
 * Ed25519 signers of C2SP signed notes, in the key formats of golang.org/x/mod/sumdb/note:
 * `PRIVATE+KEY+<name>+<8 hex key id>+<base64(0x01 || 32-byte seed)>` and the verifier
 * `<name>+<8 hex key id>+<base64(0x01 || public key)>`. The key id is the first 4 bytes of
 * SHA-256(name || "\n" || 0x01 || public key).
 */

const ED25519 = 1;
/** PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410). */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface NoteSigner {
  name: string;
  /** The 4-byte key id, as 8 hex digits. */
  keyId: string;
  publicKey: Buffer;
  /** The verifier string anyone checks signatures with. */
  verifier: string;
  privateKey: KeyObject;
}

function keyIdOf(name: string, publicKey: Buffer): string {
  return createHash('sha256')
    .update(`${name}\n`)
    .update(Uint8Array.of(ED25519))
    .update(publicKey)
    .digest()
    .subarray(0, 4)
    .toString('hex');
}

function signerOf(name: string, seed: Buffer): NoteSigner {
  if (!name || /[\s+]/u.test(name)) throw new Error('A signing key name has no spaces and no "+"');
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  const keyId = keyIdOf(name, publicKey);
  const verifier = `${name}+${keyId}+${Buffer.concat([Uint8Array.of(ED25519), publicKey]).toString('base64')}`;
  return { name, keyId, publicKey, verifier, privateKey };
}

/** Reads a `PRIVATE+KEY+...` signer; throws unless its key id matches its name and key. */
export function parseNoteSigner(text: string): NoteSigner {
  const match = /^PRIVATE\+KEY\+([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text.trim());
  const raw = match ? Buffer.from(match[3]!, 'base64') : undefined;
  if (!match || !raw || raw.length !== 33 || raw[0] !== ED25519) {
    throw new Error('Not an Ed25519 note signing key: PRIVATE+KEY+<name>+<8 hex>+<base64>');
  }
  const signer = signerOf(match[1]!, raw.subarray(1));
  if (signer.keyId !== match[2])
    throw new Error("The signing key's id does not match its name and key");
  return signer;
}

/** A new random signing key named `name`, in the `PRIVATE+KEY+...` form. */
export function generateNoteSigner(name: string): string {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const { keyId } = signerOf(name, seed);
  return `PRIVATE+KEY+${name}+${keyId}+${Buffer.concat([Uint8Array.of(ED25519), seed]).toString('base64')}`;
}

/** Signs `text` (ending in a newline) as a signed note with one signature line. */
export function signNote(text: string, signer: NoteSigner): string {
  if (!text.endsWith('\n')) throw new Error('A note text ends with a newline');
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey);
  const line = Buffer.concat([Buffer.from(signer.keyId, 'hex'), signature]).toString('base64');
  return `${text}\n\u2014 ${signer.name} ${line}\n`;
}
