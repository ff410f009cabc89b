import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  databaseKinds,
  request,
  signupBody,
  startTestServer,
  type TestServer,
} from './harness.ts';

const ROOT_PACKAGE = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('reports health with the database kind and the version the process runs', async () => {
    const res = await request(server.baseUrl, 'GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: kind, version: ROOT_PACKAGE.version });
    expect(ROOT_PACKAGE.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('signs up an organisation with its admin and owner membership in one go', async () => {
    const body = signupBody();
    const res = await request(server.baseUrl, 'POST', '/api/v1/signup', { json: body });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.organization).toMatchObject({
      name: body.name,
      type: 'private',
      email: body.email,
    });
    expect(res.body.organization.client_id).toMatch(/^tqc_/);
    expect(JSON.stringify(res.body)).not.toContain('secret');

    const [user] = await server.db.query<{ password_hash: string }>(
      'select password_hash from users where email = $1',
      [body.adminDetails.email],
    );
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(user!.password_hash).not.toContain(body.adminDetails.password);
    const members = await server.db.query<{ role: string }>(
      'select role from organization_members where organization_id = $1',
      [res.body.organization.id],
    );
    expect(members).toEqual([{ role: 'owner' }]);
  });

  it('answers 409 for a duplicate organisation email; a taken admin email answers 201 and keeps nothing', async () => {
    const body = signupBody();
    expect((await request(server.baseUrl, 'POST', '/api/v1/signup', { json: body })).status).toBe(
      201,
    );

    const sameOrg = signupBody({ email: body.email.toUpperCase() });
    const orgRes = await request(server.baseUrl, 'POST', '/api/v1/signup', { json: sameOrg });
    expect(orgRes.status).toBe(409);
    expect(orgRes.body).toMatchObject({ code: 'organization_exists', status: 409 });
    expect(orgRes.body.detail_ar).toMatch(/[\u0600-\u06FF]/);

    const sameAdmin = signupBody();
    sameAdmin.adminDetails.email = body.adminDetails.email;
    const adminRes = await request(server.baseUrl, 'POST', '/api/v1/signup', { json: sameAdmin });
    // No account oracle (email-oracle.test.ts): the answer of a free admin email, nothing kept.
    expect(adminRes.status).toBe(201);
    const [{ count }] = (await server.db.query<{ count: number }>(
      'select count(*)::int as count from organizations where lower(email) = lower($1)',
      [sameAdmin.email],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('refuses bad sign-up input with 4xx problem+json and creates nothing', async () => {
    const before = await server.db.query<{ count: number }>(
      'select count(*)::int as count from organizations',
    );
    const cases: Array<{ body: string; type?: string; status: number; code: string }> = [
      { body: '{}', status: 400, code: 'validation_failed' },
      { body: '{"name":', status: 400, code: 'invalid_json' },
      { body: 'null', status: 400, code: 'validation_failed' },
      { body: '[1,2]', status: 400, code: 'validation_failed' },
      {
        body: JSON.stringify({ ...signupBody(), name: 42 }),
        status: 400,
        code: 'validation_failed',
      },
      {
        body: JSON.stringify({ ...signupBody(), type: 'other' }),
        status: 400,
        code: 'validation_failed',
      },
      {
        body: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
        status: 413,
        code: 'payload_too_large',
      },
      { body: 'name=x', type: 'text/plain', status: 400, code: 'validation_failed' },
      { body: '<a/>', type: 'application/xml', status: 415, code: 'unsupported_media_type' },
    ];
    for (const c of cases) {
      const res = await request(server.baseUrl, 'POST', '/api/v1/signup', {
        body: c.body,
        headers: { 'content-type': c.type ?? 'application/json' },
      });
      expect(res.status, c.body.slice(0, 40)).toBe(c.status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe(c.code);
    }
    const after = await server.db.query<{ count: number }>(
      'select count(*)::int as count from organizations',
    );
    expect(after).toEqual(before);
  });

  it('lists every invalid field with its message key', async () => {
    const body = signupBody();
    body.adminDetails.password = 'short';
    body.adminDetails.confirmPassword = 'other';
    const res = await request(server.baseUrl, 'POST', '/api/v1/signup', {
      json: { ...body, name: '', email: 'not-an-email' },
    });
    expect(res.status).toBe(400);
    const codes = res.body.errors.map((e: { path: string; code: string }) => `${e.path}:${e.code}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'name:orgNameRequired',
        'email:emailInvalid',
        'adminDetails.password:passwordMin',
        'adminDetails.password:passwordUppercase',
        'adminDetails.password:passwordDigit',
      ]),
    );
  });

  it('logs in, reads /auth/me, refreshes with rotation and logs out', async () => {
    const { token, cookie, admin, organization } = await createOrganization(server.baseUrl);
    expect(cookie).toMatch(/tanqin_refresh=tqr_/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);

    const me = await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(admin.email);
    expect(me.body.organization).toMatchObject({
      id: organization.id,
      role: 'owner',
      time_zone: 'Asia/Riyadh',
    });
    expect(JSON.stringify(me.body)).not.toContain('password');

    const refreshCookie = cookie.split(';')[0]!;
    const refreshed = await request(server.baseUrl, 'POST', '/api/v1/auth/refresh', {
      headers: { cookie: refreshCookie },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toBeTruthy();
    const rotated = refreshed.headers.get('set-cookie')!.split(';')[0]!;
    expect(rotated).not.toBe(refreshCookie);

    // Presenting the old refresh token again is reuse: the whole session ends.
    const reused = await request(server.baseUrl, 'POST', '/api/v1/auth/refresh', {
      headers: { cookie: refreshCookie },
    });
    expect(reused.status).toBe(401);
    const afterReuse = await request(server.baseUrl, 'POST', '/api/v1/auth/refresh', {
      headers: { cookie: rotated },
    });
    expect(afterReuse.status).toBe(401);
    expect((await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token })).status).toBe(401);
  });

  it('ends the session on logout so the access token stops working', async () => {
    const { token, cookie } = await createOrganization(server.baseUrl);
    const out = await request(server.baseUrl, 'POST', '/api/v1/auth/logout', {
      token,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(out.status).toBe(200);
    const me = await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token });
    expect(me.status).toBe(401);
    expect(me.headers.get('content-type')).toContain('application/problem+json');
  });

  it('answers wrong password and unknown email identically', async () => {
    const { admin } = await createOrganization(server.baseUrl);
    const wrong = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: admin.email, password: 'Wrong-passw0rd' },
    });
    const unknown = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: 'nobody@example.sa', password: 'Wrong-passw0rd' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.detail).toBe('Invalid email or password');
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const { admin } = await createOrganization(server.baseUrl);
    for (let i = 0; i < 5; i++) {
      const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
        json: { email: admin.email, password: `Wrong-passw0rd${i}` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: admin.email, password: admin.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('account_locked');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses bad login input with 4xx problem+json', async () => {
    for (const body of [
      '{}',
      '{"email":1,"password":2}',
      'nope',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    ]) {
      const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('shows an organisation only to its own members and the client secret to owners', async () => {
    const first = await createOrganization(server.baseUrl);
    const second = await createOrganization(server.baseUrl);
    const own = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${first.organization.id}/credentials`,
      {
        token: first.token,
      },
    );
    expect(own.status).toBe(200);
    expect(own.body.client_id).toBe(first.organization.client_id);
    expect(own.body.client_secret).toMatch(/^tqcs_live_/);
    expect(own.headers.get('cache-control')).toBe('no-store');

    for (const suffix of ['', '/dashboard', '/credentials']) {
      const other = await request(
        server.baseUrl,
        'GET',
        `/api/v1/organizations/${first.organization.id}${suffix}`,
        {
          token: second.token,
        },
      );
      expect(other.status).toBe(404);
    }
    const [row] = await server.db.query<Record<string, string>>(
      'select client_secret_encrypted, client_secret_hash from organizations where id = $1',
      [first.organization.id],
    );
    expect(Object.values(row!).join()).not.toContain(own.body.client_secret);
  });

  it('counts zero for a new organisation on its dashboard', async () => {
    const { token, organization } = await createOrganization(server.baseUrl);
    const res = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${organization.id}/dashboard`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active_tokens: 0, verifications: 0, api_calls_this_month: 0 });
  });

  it('answers unknown API routes with 404 problem+json and sets security headers', async () => {
    const res = await request(server.baseUrl, 'GET', '/api/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('route_not_found');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain(
      "script-src 'self' 'wasm-unsafe-eval';",
    );
    expect(res.headers.get('permissions-policy')).toBe(
      'camera=(self), microphone=(), geolocation=()',
    );
    // Plain HTTP here: no HSTS (a browser would pin it for a host that has no HTTPS).
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
