import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDevIdentityProvider } from '../src/modules/identity/dev-identity-provider.ts';
import {
  databaseAdapter,
  sweepDevIdentityProviderRecords,
} from '../src/modules/identity/dev-identity-provider-store.ts';
import { createIntegrator, databaseKinds, request, testConfig } from './harness.ts';
import { proveIdentity, signInAtDevProvider } from './identity-helpers.ts';
import {
  freshIp,
  fromIp,
  nationalId,
  outbox,
  register,
  registrationBody,
  useIndividualsServer,
} from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';
import { freePort, spawnServer } from './server-process.ts';

describe.each(databaseKinds)('proving one identity over OpenID Connect on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2026-11-26T09:00:00Z');
  const get = (path: string, token: string) =>
    request(suite.server.baseUrl, 'GET', path, { token });
  const start = (token: string) => suite.post('/api/v1/individuals/me/identity/start', { token });
  const complete = (token: string, json: unknown) =>
    suite.post('/api/v1/individuals/me/identity/complete', { token, json });

  it('shows no code metadata before the proof, and the codes after it', async () => {
    const person = await createIndividual(suite.server, nationalId(), { prove: false });
    for (const path of ['/api/v1/individuals/me/tokens', '/api/v1/me/codes']) {
      const refused = await get(path, person.token);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body).toMatchObject({ code: 'identity_unverified', status: 403 });
      expect(refused.body.detail_ar).toContain('أثبت هويتك');
    }
    const revoke = await suite.post(
      '/api/v1/me/codes/00000000-0000-4000-8000-000000000000/revoke',
      {
        token: person.token,
      },
    );
    expect(revoke.body.code).toBe('identity_unverified');
    const before = await get('/api/v1/individuals/me/identity', person.token);
    expect(before.body).toMatchObject({
      proven: false,
      proven_at: null,
      development_provider: true,
    });

    const proof = await proveIdentity(suite.server, person.token, person.nationalId);
    expect(proof.status).toBe(200);
    expect(proof.body.identity).toMatchObject({
      proven: true,
      provider: `${suite.server.baseUrl}/dev-idp`,
    });
    expect(Date.parse(proof.body.identity.proven_at)).toBe(suite.clock.now().getTime());
    const tokens = await get('/api/v1/individuals/me/tokens', person.token);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ tokens: [] });
  });

  it('asks the provider for the authorization code with PKCE S256, state and nonce', async () => {
    const person = await createIndividual(suite.server, nationalId(), { prove: false });
    const answer = await start(person.token);
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.authorization_url);
    expect(url.origin + url.pathname).toBe(`${suite.server.baseUrl}/dev-idp/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'openid',
      code_challenge_method: 'S256',
      redirect_uri: `${suite.server.baseUrl}/identity/callback`,
      client_id: suite.server.ctx.config.identity.clientId,
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
    }
    // Nothing of the request is kept in clear: the state only as a keyed hash.
    const [row] = await suite.server.db.query<{ state_hash: string }>(
      'select state_hash from identity_proof_requests where user_id = $1',
      [person.id],
    );
    expect(row?.state_hash).not.toBe(url.searchParams.get('state'));
  });

  it("offers the proven national id in place of a mistyped one; confirmed, it is the account's", async () => {
    const typed = nationalId();
    const proven = nationalId();
    const person = await createIndividual(suite.server, typed, { prove: false });
    const bank = await createIntegrator(suite.server.baseUrl);
    const issue = (id: string) =>
      bank.call('POST', '/v1/tokens/generate', {
        data: { full_name: 'سارة' },
        subject: { national_id: id },
      });
    expect((await issue(typed)).status).toBe(201);
    const mine = await issue(proven);
    expect(mine.status).toBe(201);

    const noCorrection = await suite.post('/api/v1/individuals/me/identity/correction', {
      token: person.token,
    });
    expect(noCorrection.status).toBe(400);
    expect(noCorrection.body.code).toBe('identity_proof_failed');

    const refused = await proveIdentity(suite.server, person.token, proven);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'identity_mismatch' });
    expect(refused.body.detail_ar).toContain('لا يطابق رقم الهوية المسجّل');
    expect((await get('/api/v1/individuals/me/tokens', person.token)).status).toBe(403);
    const offered = await get('/api/v1/individuals/me/identity', person.token);
    expect(offered.body).toMatchObject({
      proven: false,
      correction: { typed_last4: typed.slice(-4), proven_last4: proven.slice(-4) },
    });
    expect(JSON.stringify(offered.body)).not.toContain(proven);

    const confirmed = await suite.post('/api/v1/individuals/me/identity/correction', {
      token: person.token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.identity).toMatchObject({ proven: true, correction: null });
    const codes = await get('/api/v1/me/codes', person.token);
    expect(codes.status).toBe(200);
    expect(codes.body.codes.map((code: { id: string }) => code.id)).toEqual([mine.body.token_id]);
    const again = await suite.post('/api/v1/individuals/me/identity/correction', {
      token: person.token,
    });
    expect(again.status).toBe(400);
  });

  it('offers no correction to an id another account proved, and says how to recover that account', async () => {
    const id = nationalId();
    await createIndividual(suite.server, id);
    const mistyped = await createIndividual(suite.server, nationalId(), { prove: false });
    const refused = await proveIdentity(suite.server, mistyped.token, id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('identity_already_proven');
    expect(refused.body.detail_ar).toContain('نسيت كلمة المرور');
    const status = await get('/api/v1/individuals/me/identity', mistyped.token);
    expect(status.body).toMatchObject({ proven: false, correction: null });
  });

  it('uses a state once, and only for the account that started it', async () => {
    const person = await createIndividual(suite.server, nationalId(), { prove: false });
    const other = await createIndividual(suite.server, nationalId(), { prove: false });
    const answer = await start(person.token);
    const callback = await signInAtDevProvider(answer.body.authorization_url, person.nationalId);

    const stolen = await complete(other.token, callback);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('identity_proof_failed');
    expect((await complete(person.token, callback)).status).toBe(200);
    const replay = await complete(person.token, callback);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('identity_proof_failed');

    const forged = await start(other.token);
    const forgedState = new URL(forged.body.authorization_url).searchParams.get('state');
    const wrongCode = await complete(other.token, { code: 'not-a-code', state: forgedState });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('identity_proof_failed');
  });

  it('registers a taken national id like a free one; the proof decides, the owner is told', async () => {
    const id = nationalId();
    const first = await register(suite.server, { nationalId: id });
    const second = await register(suite.server, { nationalId: id });
    const fresh = await register(suite.server, { nationalId: nationalId() });
    for (const answer of [second.res, fresh.res]) {
      expect(answer.status).toBe(first.res.status);
      expect(Object.keys(answer.body).sort()).toEqual(Object.keys(first.res.body).sort());
      expect(answer.body.verification).toEqual({
        ...first.res.body.verification,
        destination_hint: answer.body.verification.destination_hint,
      });
    }

    // The second registrant proves the id at the provider first: it is theirs.
    const owner = await createIndividual(suite.server, id);
    // The owner reads English (their profile's language): the notice is in English only.
    const english = await request(suite.server.baseUrl, 'PUT', '/api/v1/profile/language', {
      token: owner.token,
      json: { language: 'en' },
    });
    expect(english.status).toBe(200);
    const impostor = await createIndividual(suite.server, id, { prove: false });
    const refused = await proveIdentity(suite.server, impostor.token, id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('identity_already_proven');
    expect((await get('/api/v1/individuals/me/tokens', impostor.token)).status).toBe(403);
    expect((await get('/api/v1/individuals/me/tokens', owner.token)).status).toBe(200);

    const told = outbox(suite.server).filter((entry) =>
      entry.text.includes(`${id.slice(-4)} for another Tanqin account`),
    );
    expect(told.map((entry) => entry.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((entry) => entry.channel === 'email')?.to).toBe(owner.email);
    expect(JSON.stringify(told)).not.toMatch(/[\u0600-\u06ff]/);
    expect(told.find((entry) => entry.channel === 'email')?.text).toContain(id.slice(-4));
    expect(JSON.stringify(told)).not.toContain(id);
    expect(first.res.body.user.id).not.toBe(second.res.body.user.id);
  });

  it("serves a development sign-in page in the person's language, one national id field, marked as development", async () => {
    const person = await createIndividual(suite.server, nationalId(), { prove: false });
    const openPage = async () => {
      const answer = await start(person.token);
      expect(new URL(answer.body.authorization_url).searchParams.get('ui_locales')).toBeTruthy();
      const toProvider = await fetch(answer.body.authorization_url, { redirect: 'manual' });
      const location = toProvider.headers.get('location') ?? '';
      expect(location).toMatch(/^\/dev-idp\/interaction\//);
      const cookie = toProvider.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const page = await fetch(new URL(location, suite.server.baseUrl), { headers: { cookie } });
      return { page, html: await page.text(), location, cookie };
    };
    const { page, html, location, cookie } = await openPage();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html.match(/<input /g)).toHaveLength(1);
    expect(html).toContain('name="national_id"');
    expect(html).toContain('<button type="submit">');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('للتطوير فقط');
    expect(html).not.toContain('Development only');

    const wrong = await fetch(new URL(location, suite.server.baseUrl), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'national_id=123',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('رقم الهوية غير صحيح');

    const english = await request(suite.server.baseUrl, 'PUT', '/api/v1/profile/language', {
      token: person.token,
      json: { language: 'en' },
    });
    expect(english.status).toBe(200);
    const inEnglish = await openPage();
    expect(inEnglish.html).toContain('<html lang="en" dir="ltr">');
    expect(inEnglish.html).toContain('Development only');
    expect(inEnglish.html).not.toContain('للتطوير فقط');
  });

  it("keeps the provider's state in the database: expiry, used codes, a grant's revocation", async () => {
    const store = databaseAdapter(suite.server.db, suite.server.ctx.keys.devIdentity);
    const [interactions, codes, sessions] = ['Interaction', 'AuthorizationCode', 'Session'].map(
      store,
    );
    const grantId = `grant-${nationalId()}`;
    await interactions!.upsert('interaction-1', { jti: 'interaction-1', grantId }, 600);
    await codes!.upsert('code-1', { jti: 'code-1', grantId }, 60);
    await sessions!.upsert('session-1', { jti: 'session-1', uid: 'uid-1' }, 600);
    expect(await sessions!.findByUid('uid-1')).toMatchObject({ jti: 'session-1' });

    await codes!.consume('code-1');
    expect((await codes!.find('code-1'))?.consumed).toBeGreaterThan(0);
    // Signing a browser out revokes its grant: its codes go, the sign-in under way stays.
    await codes!.revokeByGrantId(grantId);
    expect(await codes!.find('code-1')).toBeUndefined();
    expect(await interactions!.find('interaction-1')).toMatchObject({ grantId });

    await interactions!.upsert('interaction-1', { jti: 'interaction-1' }, 0);
    expect(await interactions!.find('interaction-1')).toBeUndefined();
    expect(await sweepDevIdentityProviderRecords(suite.server.db)).toBeGreaterThanOrEqual(1);
    await sessions!.destroy('session-1');
    expect(await sessions!.findByUid('uid-1')).toBeUndefined();

    // Nothing the provider keeps is readable in the database: not what a person typed, not its key.
    await sessions!.upsert('session-2', { jti: 'session-2', accountId: '1234567890' }, 600);
    const [record] = await suite.server.db.query<{ sealed_payload: string }>(
      `select sealed_payload from dev_identity_provider_records where id = 'session-2'`,
    );
    expect(record!.sealed_payload).not.toContain('1234567890');
    expect(await sessions!.find('session-2')).toMatchObject({ accountId: '1234567890' });
    const keys = await suite.server.db.query<Record<string, unknown>>(
      'select * from dev_identity_provider_keys',
    );
    expect(keys).toHaveLength(1);
    expect(JSON.stringify(keys)).not.toMatch(/"(d|p|q|dp|dq|qi)\\?"/);
  });

  it('answers malformed requests to the development provider with 4xx, never 500', async () => {
    const { server } = suite;
    const { clientId, clientSecret } = server.ctx.config.identity;
    const redirectUri = encodeURIComponent(`${server.baseUrl}/identity/callback`);
    const auth = `/dev-idp/auth?client_id=${clientId}&response_type=code&scope=openid&redirect_uri=${redirectUri}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
    const client = `client_id=${clientId}&client_secret=${clientSecret}`;
    for (const bad of ['%00', '%ED%A0%80']) {
      const gets = [
        `/dev-idp/auth?client_id=${bad}`,
        `${auth}&state=${bad}&nonce=${bad}`,
        `${auth}&request=${bad}`,
        `/dev-idp/interaction/${bad}`,
        `/dev-idp/auth/${bad}`,
        `/dev-idp/session/end?client_id=${bad}`,
      ];
      const posts: [string, string][] = [
        [
          '/dev-idp/token',
          `grant_type=authorization_code&code=${bad}&${client}&code_verifier=x&redirect_uri=${redirectUri}`,
        ],
        ['/dev-idp/token', `grant_type=authorization_code&code=a&client_id=${bad}&client_secret=x`],
        ['/dev-idp/token', `grant_type=refresh_token&refresh_token=${bad}&${client}`],
        ['/dev-idp/me', `access_token=${bad}`],
        [`/dev-idp/interaction/${bad}`, `national_id=${bad}`],
        ['/dev-idp/session/end/confirm', `xsrf=${bad}&logout=yes`],
      ];
      for (const path of gets) {
        const res = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
        expect(res.status, `GET ${path.slice(0, 120)}`).toBeLessThan(500);
      }
      for (const [path, body] of posts) {
        const res = await fetch(`${server.baseUrl}${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        expect(res.status, `POST ${path} ${body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `POST ${path} ${body.slice(0, 120)}`).toBeLessThan(500);
      }
    }
  });

  it('lets only individuals prove an identity', async () => {
    const res = await suite.post('/api/v1/auth/register/individual', {
      json: registrationBody(),
      headers: fromIp(freshIp()),
    });
    const unconfirmed = await start(res.body.token);
    expect(unconfirmed.body.code).toBe('account_unconfirmed');
  });
});

describe('the development identity provider', () => {
  it('refuses to run in production', async () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: testConfig().dataDir,
      JWT_SECRET: 'production-jwt-secret-0123456789abcdef0123',
      TOKEN_PEPPER: 'production-pepper-0123456789abcdef012345678',
    };
    expect(() => loadConfig(production)).toThrow(/IDENTITY_ISSUER/);
    expect(() =>
      loadConfig({
        ...production,
        IDENTITY_ISSUER: 'http://id.example.sa',
        IDENTITY_CLIENT_ID: 'tanqin',
        IDENTITY_CLIENT_SECRET: 'secret',
      }),
    ).toThrow(/https/);
    const config = { ...testConfig(), isProduction: true };
    await expect(
      createDevIdentityProvider({ config, keys: { pepper: Buffer.alloc(32) } } as never),
    ).rejects.toThrow(/production/);
  });

  it('runs only where it is clearly development: a local PUBLIC_URL or the named opt-in', () => {
    const deployed = {
      DATA_DIR: testConfig().dataDir,
      JWT_SECRET: 'deployed-jwt-secret-0123456789abcdef012345',
      TOKEN_PEPPER: 'deployed-pepper-0123456789abcdef0123456789',
    };
    for (const NODE_ENV of ['prod', 'Production', 'staging', 'development', '', 'test']) {
      for (const PUBLIC_URL of [
        'https://tanqin.example',
        'http://tanqin.lan:3000',
        'http://10.0.0.5',
        'http://0.0.0.0:3000',
        'http://localhost.evil.example',
        'http://127.0.0.1.nip.io',
      ]) {
        expect(() => loadConfig({ ...deployed, NODE_ENV, PUBLIC_URL }), PUBLIC_URL).toThrow(
          /IDENTITY_ISSUER is not set .* IDENTITY_DEVELOPMENT_PROVIDER=true/,
        );
      }
    }
    for (const PUBLIC_URL of [
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
    ]) {
      expect(loadConfig({ ...deployed, PUBLIC_URL }).identity.development, PUBLIC_URL).toBe(true);
    }
    const chosen = { ...deployed, PUBLIC_URL: 'https://staging.tanqin.example' };
    expect(
      loadConfig({ ...chosen, IDENTITY_DEVELOPMENT_PROVIDER: 'true' }).identity.development,
    ).toBe(true);
    expect(() => loadConfig({ ...chosen, IDENTITY_DEVELOPMENT_PROVIDER: 'yes' })).toThrow(
      /IDENTITY_DEVELOPMENT_PROVIDER must be true or false/,
    );
    expect(() =>
      loadConfig({ ...chosen, NODE_ENV: 'production', IDENTITY_DEVELOPMENT_PROVIDER: 'true' }),
    ).toThrow(/must be set in production/);
  });

  it('keeps a server with a public address and no issuer from starting at all', async () => {
    const server = spawnServer({
      PORT: String(await freePort()),
      NODE_ENV: 'Production',
      PUBLIC_URL: 'https://tanqin.example',
      DATA_DIR: testConfig().dataDir,
      JWT_SECRET: 'deployed-jwt-secret-0123456789abcdef012345',
      TOKEN_PEPPER: 'deployed-pepper-0123456789abcdef0123456789',
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    const served = await server.ready().then(
      () => true,
      () => false,
    );
    await server.stop();
    expect(served).toBe(false);
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('IDENTITY_ISSUER is not set');
  });

  it('is not served when a real issuer is configured', () => {
    const config = testConfig({
      IDENTITY_ISSUER: 'https://id.example.sa',
      IDENTITY_CLIENT_ID: 'tanqin',
      IDENTITY_CLIENT_SECRET: 'secret',
      IDENTITY_NATIONAL_ID_CLAIM: 'nin',
    });
    expect(config.identity).toMatchObject({
      issuer: 'https://id.example.sa',
      development: false,
      nationalIdClaim: 'nin',
    });
  });
});
