import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import { AUDIT_SHARDS } from '../src/modules/audit/audit.service.ts';
import {
  createIntegrator,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const person = { full_name: 'نورة الشهري', national_id: '2098765432' };

describe.each(databaseKinds)('audit chain and OAuth on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('chains every issue, use, failed use and revocation, and names the first altered row', async () => {
    const issuer = await createIntegrator(server.baseUrl, {
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const a = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const b = await issuer.call('POST', '/v1/tokens/generate', { data: { full_name: 'x' } });
    await issuer.call('POST', '/v1/tokens/verify', { token: a.body.token });
    await issuer.call('POST', '/v1/tokens/verify', { token: a.body.token });
    await issuer.call('POST', `/v1/tokens/${b.body.token_id}/revoke`);

    const verify = () =>
      request(server.baseUrl, 'GET', '/api/v1/audit/verify', { token: issuer.token });
    const ok = await verify();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'ok', rows: 5, chains: AUDIT_SHARDS });

    const rows = await server.db.query<{
      seq: number;
      shard: number;
      action: string;
      fields: string[];
    }>('select seq, shard, action, fields from audit_log where token_id = $1 order by seq', [
      a.body.token_id,
    ]);
    expect(rows.map((r) => r.action)).toEqual(['issue', 'use', 'failed_use']);
    const use = rows[1]!;
    expect(use.fields).toEqual(['full_name', 'national_id']);

    // Someone with database access rewrites history: the use now claims fewer fields.
    await server.db.query(
      `update audit_log set fields = '{full_name}' where organization_id = $1 and shard = $2 and seq = $3`,
      [issuer.organization.id, use.shard, use.seq],
    );
    const broken = await verify();
    expect(broken.body).toMatchObject({
      status: 'broken',
      first_broken: {
        shard: use.shard,
        seq: use.seq,
        token_id: a.body.token_id,
        reason: 'the row was changed after it was written',
      },
    });

    // Another organisation's chain is its own and still intact.
    const other = await createIntegrator(server.baseUrl);
    await other.call('POST', '/v1/tokens/generate', { data: person });
    const otherReport = await request(server.baseUrl, 'GET', '/api/v1/audit/verify', {
      token: other.token,
    });
    expect(otherReport.body).toMatchObject({ status: 'ok', rows: 1 });
  });

  it('issues client-credentials tokens by RFC 6749: form body, Basic or post, errors in 5.2 shape', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      request(server.baseUrl, 'POST', '/v1/oauth/token', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const basic = `Basic ${Buffer.from(`${issuer.key.api_key}:${issuer.key.api_secret}`).toString('base64')}`;

    const viaBasic = await form({ grant_type: 'client_credentials' }, { authorization: basic });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'token:generate token:verify',
    });
    expect(viaBasic.headers.get('cache-control')).toBe('no-store');

    const viaPost = await form({
      grant_type: 'client_credentials',
      client_id: issuer.key.api_key,
      client_secret: issuer.key.api_secret,
      scope: 'token:generate',
    });
    expect(viaPost.status).toBe(200);
    expect(viaPost.body.scope).toBe('token:generate');

    const bearer = (token: string) => ({
      'x-client-id': issuer.organization.client_id,
      authorization: `Bearer ${token}`,
    });
    const generated = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: bearer(viaBasic.body.access_token),
      json: { data: person },
    });
    expect(generated.status).toBe(201);
    // The narrower token cannot verify: its scope was asked for generate only.
    const narrow = await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
      headers: bearer(viaPost.body.access_token),
      json: { token: generated.body.token },
    });
    expect(narrow.status).toBe(403);

    const wrong = await form(
      { grant_type: 'client_credentials' },
      {
        authorization: `Basic ${Buffer.from(`${issuer.key.api_key}:tqs_live_wrong`).toString('base64')}`,
      },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    expect((await form({ grant_type: 'password' }, { authorization: basic })).body.error).toBe(
      'unsupported_grant_type',
    );
    expect((await form({}, { authorization: basic })).body.error).toBe('invalid_request');
    expect(
      (
        await form(
          { grant_type: 'client_credentials', scope: 'token:revoke' },
          { authorization: basic },
        )
      ).body.error,
    ).toBe('invalid_scope');
  });

  it("accepts the organisation's own client credentials with the default scopes", async () => {
    const org = await createOrganization(server.baseUrl);
    const credentials = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${org.organization.id}/credentials`,
      {
        token: org.token,
      },
    );
    const res = await request(server.baseUrl, 'POST', '/v1/oauth/token', {
      json: {
        grant_type: 'client_credentials',
        client_id: credentials.body.client_id,
        client_secret: credentials.body.client_secret,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('token:generate token:verify');
    const generated = await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: {
        'x-client-id': org.organization.client_id,
        authorization: `Bearer ${res.body.access_token}`,
      },
      json: { data: person },
    });
    expect(generated.status).toBe(201);
  });
  it('ends access tokens when their secret is rotated or their key switched off or deleted', async () => {
    const tokenFor = async (clientId: string, clientSecret: string) => {
      const res = await request(server.baseUrl, 'POST', '/v1/oauth/token', {
        json: {
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        },
      });
      expect(res.status).toBe(200);
      return res.body.access_token as string;
    };
    const generateWith = (clientId: string, accessToken: string) =>
      request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: { 'x-client-id': clientId, authorization: `Bearer ${accessToken}` },
        json: { data: person },
      });
    const expectEnded = async (clientId: string, accessToken: string) => {
      const refused = await generateWith(clientId, accessToken);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('invalid_token');
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    };

    // The organisation's client secret: rotating it ends the tokens of the old one.
    const org = await createOrganization(server.baseUrl);
    const clientId = org.organization.client_id;
    const credentialsPath = `/api/v1/organizations/${org.organization.id}/credentials`;
    const first = await request(server.baseUrl, 'GET', credentialsPath, { token: org.token });
    const before = await tokenFor(clientId, first.body.client_secret);
    expect((await generateWith(clientId, before)).status).toBe(201);
    const rotated = await request(server.baseUrl, 'POST', `${credentialsPath}/rotate`, {
      token: org.token,
    });
    await expectEnded(clientId, before);
    const after = await tokenFor(clientId, rotated.body.client_secret);
    expect((await generateWith(clientId, after)).status).toBe(201);

    // A key switched off: its tokens end, and stay ended when it is switched on again.
    const issuer = await createIntegrator(server.baseUrl);
    const switchKey = (isActive: boolean) =>
      request(server.baseUrl, 'PATCH', `/api/v1/security/api-keys/${issuer.key.id}`, {
        token: issuer.token,
        json: { is_active: isActive },
      });
    const keyClient = issuer.organization.client_id;
    const keyToken = await tokenFor(issuer.key.api_key, issuer.key.api_secret);
    expect((await generateWith(keyClient, keyToken)).status).toBe(201);
    await switchKey(false);
    await expectEnded(keyClient, keyToken);
    await switchKey(true);
    await expectEnded(keyClient, keyToken);

    // A deleted key: its tokens end.
    const fresh = await tokenFor(issuer.key.api_key, issuer.key.api_secret);
    expect((await generateWith(keyClient, fresh)).status).toBe(201);
    await request(server.baseUrl, 'DELETE', `/api/v1/security/api-keys/${issuer.key.id}`, {
      token: issuer.token,
    });
    await expectEnded(keyClient, fresh);
  });
});

describe('npm run audit:verify', () => {
  it('reports ok, then names the first broken row and fails', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-audit-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    // Seed the command's own data folder through the real product code path.
    const { loadConfig } = await import('../src/config.ts');
    const { buildApp } = await import('../src/app.ts');
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const db = await openDatabase(config);
    const { app } = await buildApp({ config, db, runBackgroundJobs: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;
    const issuer = await createIntegrator(baseUrl);
    await issuer.call('POST', '/v1/tokens/generate', { data: person });
    await issuer.call('POST', '/v1/tokens/generate', { data: person });
    await app.close();

    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', './scripts/register-typescript.mjs', 'apps/api/src/commands/audit-verify.ts'],
        // No server answers on the port the seeding server left: the command reads the folder.
        { cwd: path.resolve(import.meta.dirname, '../../..'), env: { ...env, PORT: String(port) } },
      ).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e) => ({ code: e.code as number, out: e.stdout as string }),
      );
    await db.close();
    const ok = await run();
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ status: 'ok', rows: 2 });

    const db2 = await openDatabase(config);
    const [target] = await db2.query<{ shard: number; seq: number }>(
      `update audit_log set action = 'revoke'
        where (organization_id, shard, seq) = (select organization_id, shard, seq from audit_log limit 1)
        returning shard, seq`,
    );
    await db2.close();
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.out)).toMatchObject({ status: 'broken', first_broken: target });
    // Two child processes each open an embedded database from disk: slow on a busy 2-core machine.
  }, 120_000);
});
