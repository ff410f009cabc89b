import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkTestServer, startSdkTestServer } from '../test/test-server.ts';
import { encryptionPublicKeyOf, generateEncryptionKeyPair, openSealedData } from './double-lock.ts';
import { TanqinSealedDataError } from './errors.ts';

const person = { full_name: 'نورة السبيعي', national_id: '1098765432' };

describe('the double lock in the SDK', () => {
  let sdk: SdkTestServer;
  beforeAll(async () => {
    sdk = await startSdkTestServer();
  });
  afterAll(() => sdk.server.close());

  it('opens a double-locked code with the private key only, which never leaves the process', async () => {
    const issuer = await sdk.integrator();
    const bank = await sdk.integrator();
    const { publicKey, privateKey } = await generateEncryptionKeyPair();
    expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n[A-Za-z0-9+/]{64}\n-----END/);
    const registered = await fetch(`${sdk.server.baseUrl}/api/v1/organization/encryption-key`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bank.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ public_key: publicKey }),
    });
    expect(registered.status).toBe(200);

    const sent: string[] = [];
    const recordingFetch = (url: string | URL | Request, init?: RequestInit) => {
      sent.push(String(init?.body ?? ''));
      return fetch(url, init);
    };
    const first = await issuer.client().tokens.generate({ data: person, audience: bank.clientId });
    const second = await issuer.client().tokens.generate({ data: person, audience: bank.clientId });

    const withKey = bank.client({ privateKey, fetch: recordingFetch });
    const read = await withKey.tokens.verify<typeof person>(first.token);
    expect(read.data).toEqual(person);
    expect(sent.join('')).not.toContain(privateKey.split('\n')[1]!.slice(0, 20));

    // Without the key the code is used up, and its sealed answer comes back to be opened later.
    const error = await bank
      .client()
      .tokens.verify(second.token)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TanqinSealedDataError);
    const { sealed } = error as TanqinSealedDataError;
    expect(sealed.encryption).toBe('hpke');
    expect(await openSealedData(sealed, privateKey)).toEqual(person);
    const stranger = await generateEncryptionKeyPair();
    await expect(openSealedData(sealed, stranger.privateKey)).rejects.toThrow();
  });

  it("names a key file's public key, to check it is the registered one before a code is used", async () => {
    const pair = await generateEncryptionKeyPair();
    expect(await encryptionPublicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    // What `openssl genpkey -algorithm X25519` writes.
    const openssl = generateKeyPairSync('x25519');
    const raw = createPublicKey(openssl.privateKey)
      .export({ type: 'spki', format: 'der' })
      .subarray(-32);
    const pem = openssl.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(await encryptionPublicKeyOf(pem)).toBe(raw.toString('base64url'));
    await expect(encryptionPublicKeyOf('not a key')).rejects.toThrow();
  });
});
