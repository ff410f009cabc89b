import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';

/*
 * A stand-in national identity provider: a real local HTTP server publishing OpenID Connect
 * discovery and its keys (JWKS), whose token endpoint answers with whatever ID token the test
 * queued. The tests forge tokens here to prove the relying party checks what it is sent.
 */

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

export function rsaKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid,
    privateKey,
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

/** A compact JWS: RS256 with `key`, HS256 with a shared secret, or `none`. */
export function jwt(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  signer: { rsa: KeyObject } | { hmac: string } | 'none',
): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  if (signer === 'none') return `${input}.`;
  const signature =
    'rsa' in signer
      ? sign('sha256', Buffer.from(input), signer.rsa)
      : createHmac('sha256', signer.hmac).update(input).digest();
  return `${input}.${base64url(signature)}`;
}

export interface FakeIdentityProvider {
  issuer: string;
  /** The key the provider publishes at its jwks_uri. */
  key: SigningKey;
  /** Keys published elsewhere on the same server (what a `jku` header could point to). */
  attackerJwksUrl: string;
  /** How often the keys a `jku` header names were fetched (never, by a careful relying party). */
  attackerJwksFetches(): number;
  /** The next token endpoint answer's ID token. */
  answerWith(idToken: string): void;
  close(): Promise<void>;
}

/** `tls`: served over https with that key and certificate (a production relying party needs it). */
export async function startFakeIdentityProvider(
  attackerKey: SigningKey,
  tls?: { key: string | Buffer; cert: string | Buffer },
): Promise<FakeIdentityProvider> {
  const key = rsaKey('provider-key-1');
  let nextIdToken = '';
  let attackerJwksFetches = 0;
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    request.resume();
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    } else if (path === '/jwks') json({ keys: [key.publicJwk] });
    else if (path === '/attacker-jwks') {
      attackerJwksFetches++;
      json({ keys: [attackerKey.publicJwk] });
    } else if (path === '/token' && request.method === 'POST') {
      request.on('end', () =>
        json({
          access_token: 'access',
          token_type: 'Bearer',
          expires_in: 60,
          id_token: nextIdToken,
        }),
      );
    } else {
      response.writeHead(404).end();
    }
  };
  const server: Server = tls ? createTlsServer(tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `${tls ? 'https' : 'http'}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    issuer,
    key,
    attackerJwksUrl: `${issuer}/attacker-jwks`,
    attackerJwksFetches: () => attackerJwksFetches,
    answerWith: (idToken) => {
      nextIdToken = idToken;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
