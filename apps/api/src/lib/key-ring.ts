import { decodeProtectedHeader, type JWTPayload, type JWTVerifyOptions, jwtVerify } from 'jose';
import { decrypt, deriveKey, encrypt, hmacSha256 } from './crypto.ts';

/**
 * Server secrets rotate (docs/operations/secrets.md): the current one applies to every new write,
 * the previous ones (JWT_SECRET_PREVIOUS, TOKEN_PEPPER_PREVIOUS) still open, verify and find what
 * was written under them. Each version has a short id derived from it, which names it in what it
 * sealed or signed without revealing it.
 */
export interface KeyVersion {
  id: string;
  key: Buffer;
}

/** The keys of one purpose: the current version first, then the previous ones, newest first. */
export interface KeyRing {
  current: KeyVersion;
  /** Every version, current first. */
  all: KeyVersion[];
}

/** The id naming a secret's version: 8 characters of an HMAC under the secret itself. */
export const secretVersionId = (secret: string) =>
  hmacSha256(secret, 'tanqin/secret-version').slice(0, 8);

/**
 * A ring of keys for `purpose`, derived (HKDF) from each of `secrets` (current first), or from
 * what `base` makes of each.
 */
export function keyRing(
  secrets: string[],
  purpose: string,
  base: (secret: string) => string | Buffer = (secret) => secret,
): KeyRing {
  const all = secrets.map((secret) => ({
    id: secretVersionId(secret),
    key: deriveKey(base(secret), purpose),
  }));
  return { current: all[0]!, all };
}

/** AES-256-GCM under the current key, prefixed with its version id: `<id>:iv.ciphertext.tag`. */
export function seal(ring: KeyRing, plaintext: string | Buffer, aad = ''): string {
  return `${ring.current.id}:${encrypt(ring.current.key, plaintext, aad)}`;
}

/**
 * Opens what `seal` sealed under any version of the ring. A value without a version id was
 * sealed before versions existed: every key is tried (AES-GCM refuses a wrong one).
 */
export function unseal(ring: KeyRing, sealed: string, aad = ''): Buffer {
  const colon = sealed.indexOf(':');
  if (colon >= 0) {
    const id = sealed.slice(0, colon);
    const version = ring.all.find((candidate) => candidate.id === id);
    if (!version) {
      throw new Error(
        `Sealed under key version ${id}, which is not configured (TOKEN_PEPPER_PREVIOUS?)`,
      );
    }
    return decrypt(version.key, sealed.slice(colon + 1), aad);
  }
  return firstThatOpens(ring.all, (key) => decrypt(key, sealed, aad));
}

/** The result of `open` under the first key that opens the value; the last failure otherwise. */
export function firstThatOpens<T>(versions: KeyVersion[], open: (key: Buffer) => T): T {
  let failure: unknown;
  for (const { key } of versions) {
    try {
      return open(key);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/**
 * Keyed lookup hashes of a value under every pepper version, current first: what a lookup matches
 * (a row written before a rotation carries the old hash). One element with one pepper.
 */
export const lookupHashes = (peppers: Buffer[], value: string) =>
  peppers.map((pepper) => hmacSha256(pepper, value));

/** The JWT keys: the current one signs (its id in the header's `kid`), every one verifies. */
export interface JwtKeys {
  id: string;
  current: Uint8Array;
  byId: Map<string, Uint8Array>;
}

export function jwtKeys(secrets: string[]): JwtKeys {
  const byId = new Map(
    secrets.map((secret) => [secretVersionId(secret), new TextEncoder().encode(secret)] as const),
  );
  const id = secretVersionId(secrets[0]!);
  return { id, current: byId.get(id)!, byId };
}

export const jwtHeader = (keys: JwtKeys) => ({ alg: 'HS256', kid: keys.id });

/**
 * Verifies a JWT signed by this server under any configured JWT secret: the one its `kid` names;
 * a token without one (signed before key ids) is tried under each. With a single secret this is
 * jose's jwtVerify under it, nothing more.
 */
export async function verifyJwt(
  keys: JwtKeys,
  token: string,
  options: JWTVerifyOptions,
): Promise<{ payload: JWTPayload }> {
  if (keys.byId.size === 1) return jwtVerify(token, keys.current, options);
  const { kid } = decodeProtectedHeader(token);
  const named = kid === undefined ? undefined : keys.byId.get(kid);
  if (kid !== undefined && !named) throw new Error('Signed with a JWT secret not configured');
  const candidates = named ? [named] : [...keys.byId.values()];
  let failure: unknown;
  for (const key of candidates) {
    try {
      return await jwtVerify(token, key, options);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
