import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core';
import { DhkemX25519HkdfSha256 } from '@hpke/dhkem-x25519';
import { parseCode } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayload } from '../src/modules/tokens/code-crypto.ts';
import { createIntegrator, request, startTestServer, type TestServer } from './harness.ts';
import { addMember } from './members-helpers.ts';

const person = { full_name: 'محمد أحمد القحطاني', national_id: '1012345678' };
const suite = new CipherSuite({
  kem: new DhkemX25519HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes128Gcm(),
});

/** A key pair as an integrator makes one: the public key base64url, the private key kept here. */
async function keyPair() {
  const pair = await suite.kem.generateKeyPair();
  const raw = Buffer.from(await suite.kem.serializePublicKey(pair.publicKey));
  return { publicKey: raw.toString('base64url'), privateKey: pair.privateKey };
}

async function open(privateKey: CryptoKey, answer: { enc: string; ciphertext: string }) {
  const plaintext = await suite.open(
    {
      recipientKey: privateKey,
      enc: new Uint8Array(Buffer.from(answer.enc, 'base64url')).buffer,
      info: new TextEncoder().encode('tanqin/v1 payload').buffer as ArrayBuffer,
    },
    new Uint8Array(Buffer.from(answer.ciphertext, 'base64url')).buffer,
  );
  return JSON.parse(new TextDecoder().decode(plaintext));
}

describe('the double lock (HPKE to the audience key)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  const putKey = (token: string, publicKey: unknown) =>
    request(server.baseUrl, 'PUT', '/api/v1/organization/encryption-key', {
      token,
      json: { public_key: publicKey },
    });

  it('seals codes to the registered key: only the private key opens them, the server cannot even with the code', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    const key = await keyPair();
    const put = await putKey(bank.token, key.publicKey);
    expect(put.status).toBe(200);
    expect(put.body.public_key).toBe(key.publicKey);

    const generated = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      audience: bank.organization.client_id,
    });
    expect(generated.status).toBe(201);
    const code = parseCode(generated.body.token)!;

    // What this server process can do with everything it holds and the code itself.
    const [row] = await server.db.query<{ ciphertext: string }>(
      'select ciphertext from tokens where id = $1',
      [generated.body.token_id],
    );
    const opened = openPayload<Record<string, unknown>>(
      code,
      generated.body.token_id,
      row!.ciphertext,
    );
    expect(Object.keys(opened)).toEqual(['hpke']);
    expect(JSON.stringify(opened)).not.toContain(person.national_id);
    const [stored] = await server.db.query<Record<string, unknown>>(
      'select * from organizations where id = $1',
      [bank.organization.id],
    );
    expect(JSON.stringify(stored)).toContain(key.publicKey);

    const verified = await bank.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(verified.status).toBe(200);
    expect(verified.body.encryption).toBe('hpke');
    expect(verified.body.data).toBeUndefined();
    expect(JSON.stringify(verified.body)).not.toContain(person.national_id);
    expect(await open(key.privateKey, verified.body)).toEqual(person);
    const other = await keyPair();
    await expect(open(other.privateKey, verified.body)).rejects.toThrow();

    // The issuer's own codes are not double locked: it registered no key.
    const own = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const ownRead = await issuer.call('POST', '/v1/tokens/verify', { token: own.body.token });
    expect(ownRead.body).toMatchObject({ data: person });
    expect(ownRead.body.encryption).toBeUndefined();
  });

  it('rotating affects only new codes, removing ends the lock at once, and a bad key is refused', async () => {
    const org = await createIntegrator(server.baseUrl);
    const first = await keyPair();
    const second = await keyPair();
    await putKey(org.token, first.publicKey);
    const underFirst = await org.call('POST', '/v1/tokens/generate', { data: person });
    expect((await putKey(org.token, second.publicKey)).status).toBe(200);
    const underSecond = await org.call('POST', '/v1/tokens/generate', { data: person });
    const readFirst = await org.call('POST', '/v1/tokens/verify', { token: underFirst.body.token });
    expect(await open(first.privateKey, readFirst.body)).toEqual(person);
    const readSecond = await org.call('POST', '/v1/tokens/verify', {
      token: underSecond.body.token,
    });
    expect(await open(second.privateKey, readSecond.body)).toEqual(person);

    const removed = await request(server.baseUrl, 'DELETE', '/api/v1/organization/encryption-key', {
      token: org.token,
    });
    expect(removed.body).toEqual({ public_key: null, updated_at: null });
    const plain = await org.call('POST', '/v1/tokens/generate', { data: person });
    const readPlain = await org.call('POST', '/v1/tokens/verify', { token: plain.body.token });
    expect(readPlain.body.data).toEqual(person);

    for (const bad of ['', 'abc', Buffer.alloc(32).toString('base64url'), 'x'.repeat(43), 42]) {
      const refused = await putKey(org.token, bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    const state = await request(server.baseUrl, 'GET', '/api/v1/organization/encryption-key', {
      token: org.token,
    });
    expect(state.body.public_key).toBeNull();
  });

  it('lets only owners and admins change the key', async () => {
    const org = await createIntegrator(server.baseUrl);
    const key = await keyPair();
    for (const role of ['developer', 'verifier', 'viewer'] as const) {
      const member = await addMember(server, org.token, org.organization.id, role);
      expect((await putKey(member.token, key.publicKey)).status, role).toBe(403);
      const removal = await request(
        server.baseUrl,
        'DELETE',
        '/api/v1/organization/encryption-key',
        {
          token: member.token,
        },
      );
      expect(removal.status, role).toBe(403);
    }
    const admin = await addMember(server, org.token, org.organization.id, 'admin');
    expect((await putKey(admin.token, key.publicKey)).status).toBe(200);
  });
});
