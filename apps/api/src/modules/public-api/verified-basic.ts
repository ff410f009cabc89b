import { TtlCache } from '../../lib/ttl-cache.ts';
import { type ApiKeyCredential, cachedApiKeyCredential } from '../api-keys/index.ts';

/** As long as the credential cache keeps a key (api-keys.service.ts): an entry never outlives it. */
const TTL_MS = 10_000;

/**
 * Basic credentials (the whole Authorization header) that matched a key's current secret, with
 * the credential they were checked against. An integrator sends the same header on every call;
 * decoding it, checking both checksums and the HMAC of the secret cost 4-6 % of the server's
 * CPU per /v1 call (decision 006, fourth round).
 *
 * A match holds only while the credential cache still holds that very credential object: any
 * change to the key (a roll, a switch, a deletion, a notice from another process, the bus going
 * deaf, the entry's TTL) drops or replaces it, and the next call checks the secret again. The
 * header is kept no longer than the process keeps the key's credential.
 */
const verified = new TtlCache<{ apiKey: string; credential: ApiKeyCredential }>(TTL_MS);

/** The credential a header was verified against, while it is still the key's cached one. */
export function verifiedKeyOf(authorization: string): ApiKeyCredential | undefined {
  const match = verified.get(authorization);
  if (!match) return undefined;
  if (cachedApiKeyCredential(match.apiKey) === match.credential) return match.credential;
  verified.delete(authorization);
  return undefined;
}

/** Remembers that `authorization` carries the current secret of `credential` (api key `apiKey`). */
export function noteVerifiedKey(
  authorization: string,
  apiKey: string,
  credential: ApiKeyCredential,
) {
  verified.set(authorization, { apiKey, credential });
}
