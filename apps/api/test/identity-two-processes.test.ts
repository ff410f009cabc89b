import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, request } from './harness.ts';
import { CookieJar, signInAtDevProvider } from './identity-helpers.ts';
import {
  freshIp,
  fromIp,
  lastCodeIn,
  nationalId,
  registrationBody,
} from './individuals-helpers.ts';
import { freePort, type ServerProcess, startServer } from './server-process.ts';

/** A load balancer on `port`: each request goes to the next of `targets` in turn. */
async function roundRobin(port: number, targets: string[]) {
  let turn = 0;
  const balancer = http.createServer((incoming, outgoing) => {
    const target = new URL(targets[turn++ % targets.length]!);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) upstream.setHeader(name, value);
    }
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => balancer.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        balancer.close(resolve);
        balancer.closeAllConnections();
      }),
  };
}

/**
 * Two API processes behind one address (PUBLIC_URL), a load balancer sending each request to the
 * next process in turn: each step of the development identity provider's sign-in (the browser's
 * and the relying party's: discovery, keys, the code's redemption) may reach either process.
 */
describe('the development identity provider on two server processes', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let first: ServerProcess & { dataDir: string };
  let second: ServerProcess;
  let balancer: Awaited<ReturnType<typeof roundRobin>>;

  beforeAll(async () => {
    database = await emptyPostgresDatabase('tanqin_idp');
    const publicPort = await freePort();
    const env = (name: string) => ({
      DATABASE_URL: database!.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `tanqin-idp-${name}-`)),
      JWT_SECRET: 'two-process-jwt-secret-0123456789abcdef',
      TOKEN_PEPPER: 'two-process-pepper-0123456789abcdef0123',
      PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
      TRUST_PROXY: 'true',
      NODE_ENV: 'test',
    });
    const firstEnv = env('first');
    // One after the other: the first migrates the new database.
    first = Object.assign(await startServer(firstEnv, 'apps/api/test/two-process-server.ts'), {
      dataDir: firstEnv.DATA_DIR,
    });
    second = await startServer(env('second'), 'apps/api/test/two-process-server.ts');
    balancer = await roundRobin(publicPort, [first.baseUrl, second.baseUrl]);
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  /** A confirmed individual, signed in, whose identity is not proven yet. */
  async function person() {
    const body = registrationBody();
    const headers = fromIp(freshIp());
    const registered = await request(first.baseUrl, 'POST', '/api/v1/auth/register/individual', {
      json: body,
      headers,
    });
    expect(registered.status).toBe(201);
    const confirmed = await request(first.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code: lastCodeIn(first.dataDir, body.phoneNumber!) },
      headers,
    });
    expect(confirmed.status).toBe(200);
    const login = await request(first.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: body.email, password: body.password },
      headers,
    });
    return { nationalId: body.nationalId!, token: login.body.token as string };
  }

  const start = (server: ServerProcess, token: string) =>
    request(server.baseUrl, 'POST', '/api/v1/individuals/me/identity/start', { token });
  const complete = (server: ServerProcess, token: string, json: unknown) =>
    request(server.baseUrl, 'POST', '/api/v1/individuals/me/identity/complete', { token, json });

  it('starts the authorization on one process and signs in and completes on the other', async () => {
    const someone = await person();
    const started = await start(first, someone.token);
    expect(started.status).toBe(200);
    // The authorization request reaches the first process; the sign-in page, its form and the
    // return with the code reach the second.
    const callback = await signInAtDevProvider(started.body.authorization_url, someone.nationalId, {
      origin: (hop) => (hop === 0 ? first.baseUrl : second.baseUrl),
    });
    const proof = await complete(second, someone.token, callback);
    expect(proof.status).toBe(200);
    expect(proof.body.identity).toMatchObject({ proven: true });
    const tokens = await request(first.baseUrl, 'GET', '/api/v1/individuals/me/tokens', {
      token: someone.token,
    });
    expect(tokens.status).toBe(200);
  });

  it('publishes one signing key from every process', async () => {
    const keys = await Promise.all(
      [first, second].map((server) =>
        fetch(`${server.baseUrl}/dev-idp/jwks`).then((res) => res.json()),
      ),
    );
    expect(keys[0].keys).toHaveLength(1);
    expect(keys[1]).toEqual(keys[0]);
  });

  it('signs in again in the same browser after a refused national id, across processes', async () => {
    const someone = await person();
    const browser = new CookieJar();
    // Each request of the browser reaches the other process than the one before.
    const alternating = (hop: number) => (hop % 2 === 0 ? first.baseUrl : second.baseUrl);
    const refused = await complete(
      first,
      someone.token,
      await signInAtDevProvider(
        (await start(first, someone.token)).body.authorization_url,
        nationalId(),
        {
          jar: browser,
          origin: alternating,
        },
      ),
    );
    expect(refused.body.code).toBe('identity_mismatch');

    // The provider still holds the first sign-in (another national id) for this browser: it
    // signs that one out and carries on with the new sign-in.
    const again = await start(second, someone.token);
    const callback = await signInAtDevProvider(again.body.authorization_url, someone.nationalId, {
      jar: browser,
      origin: (hop) => alternating(hop + 1),
    });
    const proof = await complete(second, someone.token, callback);
    expect(proof.status).toBe(200);
    expect(proof.body.identity).toMatchObject({ proven: true });
  });
});
