import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { secretVersionId, unseal } from '../src/lib/key-ring.ts';
import {
  createIntegrator,
  createTestDatabase,
  freePort,
  request,
  type TestServer,
  testConfig,
} from './harness.ts';
import { testWebhookNetwork } from './notifications-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

const OLD = {
  jwt: 'old-jwt-secret-0123456789abcdef0123456789',
  pepper: 'old-pepper-0123456789abcdef0123456789ab',
};
const NEW = {
  jwt: 'new-jwt-secret-0123456789abcdef0123456789',
  pepper: 'new-pepper-0123456789abcdef0123456789ab',
};

/**
 * Rotating the server's own secrets on one embedded database: a server under the old secrets
 * writes, one under the new secrets (the old ones as previous) must still read all of it, and
 * after `secrets:reseal` one with only the new pepper too.
 */
describe('rotating JWT_SECRET and TOKEN_PEPPER', () => {
  let db: Database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-rotation-'));
  let server: TestServer;
  // Webhook destinations resolve to a public address; nothing is delivered (no jobs run).
  const webhooks = testWebhookNetwork(() => 'http://127.0.0.1:9');
  webhooks.dns.set('hooks.example.com', ['93.184.216.34']);

  async function serve(env: Record<string, string>) {
    await server?.close();
    const port = await freePort();
    const { app, ctx, routes } = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env }),
      db,
      runBackgroundJobs: false,
      webhookNetwork: webhooks.network,
    });
    await app.listen({ port, host: '127.0.0.1' });
    server = { baseUrl: `http://127.0.0.1:${port}`, db, ctx, routes, close: () => app.close() };
    return server;
  }

  // What the server under the old secrets left behind.
  let integrator: Awaited<ReturnType<typeof createIntegrator>>;
  let code: string;
  let clientSecret: string;
  let accessToken: string;
  let person: Awaited<ReturnType<typeof createIndividual>>;
  let personRefreshCookie: string;
  let documentId: string;
  let preferenceId: string;
  let webhookSecret: string;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await serve({ JWT_SECRET: OLD.jwt, TOKEN_PEPPER: OLD.pepper });
    integrator = await createIntegrator(server.baseUrl);
    const generated = await integrator.call('POST', '/v1/tokens/generate', {
      data: { name: 'سارة' },
      expires_in: 3600,
    });
    code = generated.body.token;
    const credentials = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${integrator.organization.id}/credentials`,
      { token: integrator.token },
    );
    clientSecret = credentials.body.client_secret;
    const oauth = await request(server.baseUrl, 'POST', '/v1/oauth/token', {
      json: {
        grant_type: 'client_credentials',
        client_id: integrator.key.api_key,
        client_secret: integrator.key.api_secret,
      },
    });
    accessToken = oauth.body.access_token;
    person = await createIndividual(server);
    const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: person.email, password: person.password },
    });
    personRefreshCookie = /tanqin_refresh_individual=[^;]+/.exec(
      login.headers.get('set-cookie') ?? '',
    )![0];
    const upload = await fetch(`${server.baseUrl}/api/v1/documents?type=national_id&name=id.pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', authorization: `Bearer ${person.token}` },
      body: new Uint8Array(Buffer.from('%PDF-1.4 rotation test\n%%EOF')),
    });
    documentId = ((await upload.json()) as { document: { id: string } }).document.id;
    const hook = await request(server.baseUrl, 'POST', '/api/v1/security/notifications', {
      token: integrator.token,
      json: {
        notification_type: 'webhook',
        destination: 'https://hooks.example.com/tanqin',
        event_types: ['key_disabled'],
      },
    });
    preferenceId = hook.body.notification_preference?.id;
    webhookSecret = hook.body.signing_secret;
    expect([code, clientSecret, accessToken, documentId, preferenceId].every(Boolean)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  const rotated = {
    JWT_SECRET: NEW.jwt,
    JWT_SECRET_PREVIOUS: OLD.jwt,
    TOKEN_PEPPER: NEW.pepper,
    TOKEN_PEPPER_PREVIOUS: OLD.pepper,
  };

  it('signs no one out and keeps every credential working, then moves everything to the new pepper', async () => {
    await serve(rotated);
    // Dashboard and person: access tokens signed with the old JWT secret, refresh tokens hashed
    // under the old pepper.
    expect(
      (await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token: integrator.token })).status,
    ).toBe(200);
    const refreshed = await request(
      server.baseUrl,
      'POST',
      '/api/v1/auth/refresh?kind=individual',
      {
        headers: { cookie: personRefreshCookie },
      },
    );
    expect(refreshed.status).toBe(200);
    // New tokens carry the new secret's id.
    const header = JSON.parse(
      Buffer.from(refreshed.body.token.split('.')[0], 'base64url').toString(),
    );
    expect(header.kid).toBe(secretVersionId(NEW.jwt));

    // The hot path: an OAuth token of the old secret, an API secret and a code hashed under the old pepper.
    const bearer = {
      authorization: `Bearer ${accessToken}`,
      'x-client-id': integrator.organization.client_id,
    };
    const verified = await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
      headers: bearer,
      json: { token: code },
    });
    expect(verified.status).toBe(200);
    // Used once: the API secret (hashed under the old pepper) works, the code does not again.
    const again = await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
      headers: integrator.headers,
      json: { token: code },
    });
    expect(again).toMatchObject({ status: 410, body: { code: 'token_used' } });

    // A token signed with a secret the server does not have is refused.
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: secretVersionId('some-other-secret') })
      .setAudience('tanqin-dashboard')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret'));
    expect(
      (await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token: forged })).status,
    ).toBe(401);

    // Sealed under the old pepper, still open.
    await expectEverythingOpens();

    const reseal = await request(server.baseUrl, 'POST', '/api/v1/operator/secrets/reseal', {
      token: server.ctx.config.operatorToken,
    });
    expect(reseal.status).toBe(200);
    expect(reseal.body.resealed).toMatchObject({
      client_secrets: 1,
      client_secret_hashes: 1,
      webhook_secrets: 1,
      document_names: 1,
      document_files: 1,
    });
    expect(reseal.body.resealed.identity_provider_keys).toBe(1);
    const idle = await request(server.baseUrl, 'POST', '/api/v1/operator/secrets/reseal', {
      token: server.ctx.config.operatorToken,
    });
    expect(Object.values(idle.body.resealed).every((count) => count === 0)).toBe(true);

    // The old pepper dropped: every sealed value opens under the new one alone.
    await serve({ JWT_SECRET: NEW.jwt, TOKEN_PEPPER: NEW.pepper });
    await expectEverythingOpens();
    const oauth = await request(server.baseUrl, 'POST', '/v1/oauth/token', {
      json: {
        grant_type: 'client_credentials',
        client_id: integrator.organization.client_id,
        client_secret: clientSecret,
      },
    });
    expect(oauth.status).toBe(200);
  }, 120_000);

  async function expectEverythingOpens() {
    const credentials = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${integrator.organization.id}/credentials`,
      { token: (await signIn()).token },
    );
    expect(credentials.body.client_secret).toBe(clientSecret);
    const [row] = await db.query<{ secret_encrypted: string }>(
      'select secret_encrypted from notification_preferences where id = $1',
      [preferenceId],
    );
    expect(
      unseal(server.ctx.keys.webhookSecret, row!.secret_encrypted, preferenceId).toString(),
    ).toBe(webhookSecret);
    const personLogin = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: person.email, password: person.password },
    });
    const file = await fetch(`${server.baseUrl}/api/v1/documents/${documentId}/file`, {
      headers: { authorization: `Bearer ${personLogin.body.token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toContain('rotation test');
    const documents = await request(server.baseUrl, 'GET', '/api/v1/documents', {
      token: personLogin.body.token,
    });
    expect(documents.body.documents[0].name).toBe('id.pdf');
  }

  async function signIn() {
    const login = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: integrator.admin.email, password: integrator.admin.password },
    });
    expect(login.status).toBe(200);
    return login.body as { token: string };
  }
});
