import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeIdentityProvider,
  jwt,
  rsaKey,
  startFakeIdentityProvider,
} from './fake-identity-provider.ts';
import { request, startTestServer, type TestServer } from './harness.ts';
import { nationalId } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

const CLIENT_ID = 'tanqin-at-fake-provider';

describe('the ID token from a real identity provider', () => {
  const attacker = rsaKey('attacker-key');
  let provider: FakeIdentityProvider;
  let server: TestServer;

  beforeAll(async () => {
    provider = await startFakeIdentityProvider(attacker);
    server = await startTestServer('pglite', {
      env: {
        TRUST_PROXY: 'true',
        IDENTITY_ISSUER: provider.issuer,
        IDENTITY_CLIENT_ID: CLIENT_ID,
        IDENTITY_CLIENT_SECRET: 'fake-provider-secret',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** Starts a proof, has the provider answer with the token `forge` makes, completes it. */
  async function proveWith(
    forge: (claims: Record<string, unknown>) => string,
  ): Promise<{ status: number; code?: string; proven: boolean }> {
    const id = nationalId();
    const person = await createIndividual(server, id, { prove: false });
    const start = await request(server.baseUrl, 'POST', '/api/v1/individuals/me/identity/start', {
      token: person.token,
    });
    expect(start.status).toBe(200);
    const authorization = new URL(start.body.authorization_url);
    const now = Math.floor(Date.now() / 1000);
    provider.answerWith(
      forge({
        iss: provider.issuer,
        aud: CLIENT_ID,
        sub: `subject-${id}`,
        nonce: authorization.searchParams.get('nonce'),
        iat: now,
        exp: now + 300,
        national_id: id,
      }),
    );
    const complete = await request(
      server.baseUrl,
      'POST',
      '/api/v1/individuals/me/identity/complete',
      {
        token: person.token,
        json: { code: 'authorization-code', state: authorization.searchParams.get('state') },
      },
    );
    const status = await request(server.baseUrl, 'GET', '/api/v1/individuals/me/identity', {
      token: person.token,
    });
    return { status: complete.status, code: complete.body.code, proven: status.body.proven };
  }

  it('proves the account with a token signed by a key the issuer publishes', async () => {
    const honest = await proveWith((claims) =>
      jwt({ alg: 'RS256', kid: provider.key.kid }, claims, { rsa: provider.key.privateKey }),
    );
    expect(honest).toEqual({ status: 200, code: undefined, proven: true });
  });

  it.each([
    [
      'signed by an unrelated key under the published kid',
      (claims: Record<string, unknown>) =>
        jwt({ alg: 'RS256', kid: provider.key.kid }, claims, { rsa: attacker.privateKey }),
    ],
    [
      'with an unknown kid and a jku naming other keys',
      (claims: Record<string, unknown>) =>
        jwt({ alg: 'RS256', kid: attacker.kid, jku: provider.attackerJwksUrl }, claims, {
          rsa: attacker.privateKey,
        }),
    ],
    [
      'carrying its own key in a jwk header',
      (claims: Record<string, unknown>) =>
        jwt({ alg: 'RS256', jwk: attacker.publicJwk }, claims, { rsa: attacker.privateKey }),
    ],
    [
      'carrying its own key in a jwk header under the published kid',
      (claims: Record<string, unknown>) =>
        jwt({ alg: 'RS256', kid: provider.key.kid, jwk: attacker.publicJwk }, claims, {
          rsa: attacker.privateKey,
        }),
    ],
    [
      'unsigned (alg none)',
      (claims: Record<string, unknown>) => jwt({ alg: 'none' }, claims, 'none'),
    ],
    [
      'signed with HS256 and the client secret',
      (claims: Record<string, unknown>) =>
        jwt({ alg: 'HS256' }, claims, { hmac: 'fake-provider-secret' }),
    ],
  ])('refuses a token %s, and the account stays unproven', async (_name, forge) => {
    expect(await proveWith(forge)).toEqual({
      status: 400,
      code: 'identity_proof_failed',
      proven: false,
    });
    expect(provider.attackerJwksFetches()).toBe(0);
  });
});
