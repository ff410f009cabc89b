import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, request, startTestServer, type TestServer } from './harness.ts';
import { freshIp, fromIp, register, registerConfirmed } from './individuals-helpers.ts';

describe.each(databaseKinds)('personal profile and sign-in limits on %s', (kind) => {
  let server: TestServer;
  const call = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
    request(server.baseUrl, method, path, options);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  const update = (body: Record<string, string>, overrides: Record<string, unknown> = {}) => ({
    firstName: 'نورة',
    lastName: 'الشهري',
    email: body.email,
    phoneNumber: '0598765432',
    language: 'en',
    notifications: { email: true, sms: false, app: true },
    ...overrides,
  });

  it('shows the profile with the national id masked', async () => {
    const person = await registerConfirmed(server);
    const res = await call('GET', '/api/v1/profile', { token: person.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: person.body.firstName,
      lastName: person.body.lastName,
      email: person.body.email,
      phoneNumber: person.body.phoneNumber,
      nationalIdMasked: `******${person.body.nationalId!.slice(-4)}`,
      language: 'ar',
      notifications: { email: true, sms: true, app: true },
      twoFactorEnabled: false,
      confirmed: true,
      pendingContact: { email: null, phone: null },
    });
    expect(JSON.stringify(res.body)).not.toContain(person.body.nationalId!);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('saves the profile for real and answers the same shape', async () => {
    const person = await registerConfirmed(server);
    const body = update(person.body);
    const saved = await call('PATCH', '/api/v1/profile', { token: person.token, json: body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'نورة',
      lastName: 'الشهري',
      // A new phone waits for its code (contact-change.test.ts).
      phoneNumber: person.body.phoneNumber,
      pendingContact: { email: null, phone: { address: '0598765432' } },
      language: 'en',
      notifications: { email: true, sms: false, app: true },
      nationalIdMasked: `******${person.body.nationalId!.slice(-4)}`,
    });
    const read = await call('GET', '/api/v1/profile', { token: person.token });
    expect(read.body).toEqual(saved.body);
  });

  it('signs the person in with the language they chose, on any device', async () => {
    const person = await registerConfirmed(server);
    await call('PATCH', '/api/v1/profile', { token: person.token, json: update(person.body) });
    const login = await call('POST', '/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(freshIp()),
    });
    expect(login.body.user).toMatchObject({ email: person.body.email, language: 'en' });
  });

  it("saves the header's language switch as the profile's language, and nothing else", async () => {
    const person = await registerConfirmed(server);
    const before = await call('GET', '/api/v1/profile', { token: person.token });
    const saved = await call('PUT', '/api/v1/profile/language', {
      token: person.token,
      json: { language: 'en' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...before.body, language: 'en' });
    const login = await call('POST', '/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(freshIp()),
    });
    expect(login.body.user.language).toBe('en');

    const refused = await call('PUT', '/api/v1/profile/language', {
      token: person.token,
      json: { language: 'fr' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('يرجى اختيار اللغة العربية أو الإنجليزية');
    expect(
      (await call('PUT', '/api/v1/profile/language', { json: { language: 'ar' } })).status,
    ).toBe(401);
  });

  it('refuses invalid fields with the spec messages', async () => {
    const person = await registerConfirmed(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: 'ن' }, 'firstName', 'الاسم الأول يجب أن يكون حرفين على الأقل'],
      [{ lastName: 'ش' }, 'lastName', 'اسم العائلة يجب أن يكون حرفين على الأقل'],
      [{ email: 'not-an-email' }, 'email', 'البريد الإلكتروني غير صالح'],
      [
        { phoneNumber: '0512345' },
        'phoneNumber',
        'يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام',
      ],
      [{ language: 'fr' }, 'language', 'يرجى اختيار اللغة العربية أو الإنجليزية'],
    ];
    for (const [override, path, arabic] of cases) {
      const res = await call('PATCH', '/api/v1/profile', {
        token: person.token,
        json: update(person.body, override),
      });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
      expect(res.body.detail_ar).toBe(arabic);
    }
    const unchanged = await call('GET', '/api/v1/profile', { token: person.token });
    expect(unchanged.body.language).toBe('ar');
  });

  it('answers an email another account has as any new email (no oracle, email-oracle.test.ts)', async () => {
    const a = await registerConfirmed(server);
    const b = await registerConfirmed(server);
    const res = await call('PATCH', '/api/v1/profile', {
      token: b.token,
      json: update(b.body, { email: a.body.email!.toUpperCase() }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: b.body.email,
      pendingContact: { email: { address: a.body.email!.toUpperCase() } },
    });
  });

  it('refuses an unconfirmed person (they confirm first) and callers without a session', async () => {
    const person = await register(server);
    const read = await call('GET', '/api/v1/profile', { token: person.token });
    expect(read.status).toBe(403);
    expect(read.body.code).toBe('account_unconfirmed');
    const save = await call('PATCH', '/api/v1/profile', {
      token: person.token,
      json: update(person.body),
    });
    expect(save.status).toBe(403);
    expect(save.body.code).toBe('account_unconfirmed');
    expect((await call('GET', '/api/v1/profile')).status).toBe(401);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const person = await registerConfirmed(server);
    const ip = freshIp();
    const creds = { email: person.body.email!, password: person.body.password! };
    const other = await call('POST', '/api/v1/auth/login', { json: creds, headers: fromIp(ip) });
    const wrong = await call('POST', '/api/v1/profile/password', {
      token: person.token,
      json: {
        currentPassword: 'Wrong0Password',
        newPassword: 'N3wPassword',
        confirmPassword: 'N3wPassword',
      },
      headers: fromIp(ip),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('current_password_invalid');
    expect(wrong.body.detail_ar).toBe('كلمة المرور الحالية غير صحيحة');
    const weak = await call('POST', '/api/v1/profile/password', {
      token: person.token,
      json: {
        currentPassword: creds.password,
        newPassword: 'nocaps123',
        confirmPassword: 'nocaps123',
      },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.detail_ar).toBe('يجب أن تحتوي على حرف كبير على الأقل');

    const changed = await call('POST', '/api/v1/profile/password', {
      token: person.token,
      json: {
        currentPassword: creds.password,
        newPassword: 'N3wPassword',
        confirmPassword: 'N3wPassword',
      },
      headers: fromIp(ip),
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/v1/auth/me', { token: person.token })).status).toBe(200);
    expect((await call('GET', '/api/v1/auth/me', { token: other.body.token })).status).toBe(401);
    const old = await call('POST', '/api/v1/auth/login', { json: creds, headers: fromIp(ip) });
    expect(old.status).toBe(401);
    const fresh = await call('POST', '/api/v1/auth/login', {
      json: { email: creds.email, password: 'N3wPassword' },
      headers: fromIp(ip),
    });
    expect(fresh.status).toBe(200);
  });

  it('limits wrong current passwords per account', async () => {
    const person = await registerConfirmed(server);
    const attempt = (currentPassword: string) =>
      call('POST', '/api/v1/profile/password', {
        token: person.token,
        json: { currentPassword, newPassword: 'N3wPassword', confirmPassword: 'N3wPassword' },
        headers: fromIp(freshIp()),
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong0Password')).status).toBe(400);
    const locked = await attempt(person.body.password!);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('account_locked');
  });

  it('locks sign-in for an account after 5 wrong passwords, from any address', async () => {
    const person = await registerConfirmed(server);
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/v1/auth/login', {
        json: { email: person.body.email, password: 'Wrong0Password' },
        headers: fromIp(freshIp()),
      });
      expect(res.status).toBe(401);
      expect(res.body.detail_ar).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    }
    const locked = await call('POST', '/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(freshIp()),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('account_locked');
    expect(locked.headers.get('retry-after')).toBe('900');
  });

  it('locks sign-in from an address after 30 wrong passwords across accounts', async () => {
    const ip = freshIp();
    const person = await registerConfirmed(server);
    // At once, as a guesser would: each costs the server a password hash.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/api/v1/auth/login', {
          json: { email: `guess-${i}@example.sa`, password: 'Wrong0Password' },
          headers: fromIp(ip),
        }),
      ),
    );
    expect(guesses.map((res) => res.status)).toEqual(Array(30).fill(401));
    const locked = await call('POST', '/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(ip),
    });
    expect(locked.status).toBe(429);
    const elsewhere = await call('POST', '/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(freshIp()),
    });
    expect(elsewhere.status).toBe(200);
  }, 60_000);
});
