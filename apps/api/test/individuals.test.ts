import { describe, expect, it } from 'vitest';
import { hashNationalId } from '../src/lib/identity.ts';
import { createOrganization, databaseKinds, request } from './harness.ts';
import {
  freshIp,
  fromIp,
  lastCode,
  outbox,
  register,
  registerConfirmed,
  registrationBody,
  typedIn,
  useIndividualsServer,
} from './individuals-helpers.ts';

describe.each(databaseKinds)('individual registration and confirmation on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2025-03-01T09:00:00Z');
  const { clock, post } = suite;

  it('keeps a personal and an organisation session in one browser apart', async () => {
    const person = await registerConfirmed(suite.server);
    const personal = await post('/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(person.ip),
    });
    const organization = await createOrganization(suite.server.baseUrl);
    const cookies = [personal.headers.get('set-cookie')!, organization.cookie]
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ');
    expect(cookies).toMatch(/^tanqin_refresh_individual=tqr_\S+; tanqin_refresh=tqr_/);

    const refreshedPerson = await post('/api/v1/auth/refresh?kind=individual', {
      headers: { cookie: cookies },
    });
    const refreshedOrganization = await post('/api/v1/auth/refresh', {
      headers: { cookie: cookies },
    });
    const me = (token: string) =>
      request(suite.server.baseUrl, 'GET', '/api/v1/auth/me', { token });
    expect((await me(refreshedPerson.body.token)).body.user.kind).toBe('individual');
    expect((await me(refreshedOrganization.body.token)).body.user.kind).toBe('organization');
  });

  it('registers, sends the code by SMS to the outbox, confirms, then signs in', async () => {
    const ip = freshIp();
    const body = registrationBody();
    const res = await post('/api/v1/auth/register/individual', { json: body, headers: fromIp(ip) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      requiresConfirmation: true,
      expires_in: 900,
      user: { kind: 'individual', email: body.email, confirmed: false },
      verification: {
        method: 'sms',
        destination_hint: `05******${body.phoneNumber!.slice(-2)}`,
        expires_in: 600,
        resend_after: 60,
      },
    });
    expect(res.body.token).toBe(res.body.access_token);
    expect(res.headers.get('set-cookie')).toMatch(/tanqin_refresh_individual=.*HttpOnly/i);
    // Nothing in the answer holds the national id, the password or the code.
    const code = lastCode(suite.server, body.phoneNumber!);
    const answer = JSON.stringify(res.body);
    for (const secret of [body.nationalId!, body.password!, code]) {
      expect(answer).not.toContain(secret);
    }
    const sms = outbox(suite.server).filter((e) => e.to === body.phoneNumber);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms' });
    expect(sms[0]!.text).toContain('تنقين');

    // Unconfirmed: personal pages refuse, login says a code is still needed.
    const early = await post('/api/v1/auth/login', {
      json: { email: body.email, password: body.password },
      headers: fromIp(ip),
    });
    expect(early.status).toBe(200);
    expect(early.body.requiresConfirmation).toBe(true);

    const wrong = await post('/api/v1/auth/verify/individual', {
      token: res.body.token,
      json: { method: 'sms', code: code === '000000' ? '111111' : '000000' },
      headers: fromIp(ip),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_code', detail_ar: 'رمز التحقق غير صحيح' });

    const confirm = await post('/api/v1/auth/verify/individual', {
      token: res.body.token,
      json: { method: 'sms', code },
      headers: fromIp(ip),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ success: true, user: { confirmed: true } });
    const [row] = await suite.server.db.query<{ confirmed_at: Date | null }>(
      'select confirmed_at from users where lower(email) = $1',
      [body.email],
    );
    expect(row!.confirmed_at).not.toBeNull();
    // The code is spent.
    const again = await post('/api/v1/auth/verify/individual', {
      token: early.body.token,
      json: { method: 'sms', code },
      headers: fromIp(ip),
    });
    expect(again.body).toMatchObject({ success: true });

    const login = await post('/api/v1/auth/login', {
      json: { email: body.email, password: body.password },
      headers: fromIp(ip),
    });
    expect(login.status).toBe(200);
    expect(login.body.requiresConfirmation).toBeUndefined();
    const me = await request(suite.server.baseUrl, 'GET', '/api/v1/auth/me', {
      token: login.body.token,
    });
    expect(me.body.user).toMatchObject({ kind: 'individual', confirmed: true });
    // Registered without a language: Arabic, the default.
    expect(login.body.user.language).toBe('ar');
  });

  it('keeps the language the person registered in as their profile’s, applied at sign-in', async () => {
    const ip = freshIp();
    const body = registrationBody({ language: 'en' });
    const res = await post('/api/v1/auth/register/individual', { json: body, headers: fromIp(ip) });
    expect(res.status).toBe(201);
    expect(res.body.user.language).toBe('en');
    const login = await post('/api/v1/auth/login', {
      json: { email: body.email, password: body.password },
      headers: fromIp(ip),
    });
    expect(login.body.user.language).toBe('en');
  });

  it('stores the national id only as an HMAC and its last four digits', async () => {
    const { body } = await register(suite.server);
    const rows = await suite.server.db.query<Record<string, unknown>>(
      'select * from users where lower(email) = $1',
      [body.email],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.national_id_last4).toBe(body.nationalId!.slice(-4));
    expect(String(row.national_id_hash)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No column of the row holds the id in clear (nor any 10-digit run of it).
    expect(JSON.stringify(row)).not.toContain(body.nationalId!);
    const codes = await suite.server.db.query('select * from verification_codes');
    expect(JSON.stringify(codes)).not.toContain(lastCode(suite.server, body.phoneNumber!));
  });

  it('sends by email when chosen, and accepts the spec field aliases on /auth/register', async () => {
    const base = registrationBody({ method: 'email' });
    const { nationalId: id, phoneNumber: phone, ...rest } = base;
    const res = await post('/api/v1/auth/register', {
      json: { ...rest, national_id: id, phone },
      headers: fromIp(freshIp()),
    });
    expect(res.status).toBe(201);
    const [local, domain] = base.email!.split('@');
    expect(res.body.verification).toMatchObject({
      method: 'email',
      destination_hint: `${local!.slice(0, 1)}***@${domain}`,
    });
    const mail = outbox(suite.server).filter((e) => e.to === base.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.channel).toBe('email');
    const [row] = await suite.server.db.query<{ phone: string }>(
      'select phone from users where lower(email) = $1',
      [base.email],
    );
    expect(row!.phone).toBe(phone);

    const snake = registrationBody();
    const { nationalId: id2, phoneNumber: phone2, ...rest2 } = snake;
    const res2 = await post('/api/v1/auth/register/individual', {
      json: { ...rest2, national_id: id2, phone_number: phone2 },
      headers: fromIp(freshIp()),
    });
    expect(res2.status).toBe(201);
  });

  it('refuses an invalid national id, phone or names with the spec messages and creates nothing', async () => {
    const valid = registrationBody();
    const badCheck = `${valid.nationalId!.slice(0, 9)}${(Number(valid.nationalId![9]) + 1) % 10}`;
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ nationalId: badCheck }, 'nationalId', 'nationalIdInvalid', 'رقم الهوية الوطنية غير صالح'],
      [
        { nationalId: `3${valid.nationalId!.slice(1)}` },
        'nationalId',
        'nationalIdInvalid',
        'رقم الهوية الوطنية غير صالح',
      ],
      [
        { phoneNumber: '0612345678' },
        'phoneNumber',
        'phoneFormat',
        'يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام',
      ],
      [
        { phoneNumber: '05123' },
        'phoneNumber',
        'phoneFormat',
        'يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام',
      ],
      [{ firstName: 'ن' }, 'firstName', 'firstNameMin2', 'الاسم الأول يجب أن يكون حرفين على الأقل'],
      [{ lastName: 'ق' }, 'lastName', 'lastNameMin2', 'اسم العائلة يجب أن يكون حرفين على الأقل'],
      [
        { password: 'weakpass', confirmPassword: 'weakpass' },
        'password',
        'passwordUppercase',
        'يجب أن تحتوي على حرف كبير على الأقل',
      ],
      [
        { confirmPassword: 'Other0Password' },
        'confirmPassword',
        'passwordsMismatch',
        'كلمات المرور غير متطابقة',
      ],
      [
        { method: 'pigeon' },
        'method',
        'verificationMethodInvalid',
        'يرجى اختيار طريقة التحقق: رسالة نصية أو بريد إلكتروني',
      ],
      [
        { language: 'fr' },
        'language',
        'languageInvalid',
        'يرجى اختيار اللغة العربية أو الإنجليزية',
      ],
    ];
    for (const [override, path, code, arabic] of cases) {
      const body = { ...valid, ...override };
      const res = await post('/api/v1/auth/register/individual', { json: body });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors).toContainEqual(expect.objectContaining({ path, code }));
      expect(res.body.detail_ar).toBe(arabic);
    }
    const missing = await post('/api/v1/auth/register/individual', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['nationalId', 'phoneNumber', 'email', 'firstName', 'password']),
    );
    const [{ count }] = (await suite.server.db.query<{ count: number }>(
      'select count(*)::int as count from users where lower(email) = $1',
      [valid.email],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('accepts Arabic-Indic digits for the national id, the phone and the confirmation code', async () => {
    const body = registrationBody();
    const ip = freshIp();
    const res = await post('/api/v1/auth/register/individual', {
      json: {
        ...body,
        nationalId: typedIn('arabic', body.nationalId!),
        phoneNumber: typedIn('arabic', body.phoneNumber!),
      },
      headers: fromIp(ip),
    });
    expect(res.status).toBe(201);
    const confirmed = await post('/api/v1/auth/verify/individual', {
      token: res.body.token,
      json: { method: 'sms', code: typedIn('arabic', lastCode(suite.server, body.phoneNumber!)) },
      headers: fromIp(ip),
    });
    expect(confirmed.status).toBe(200);
    // The same person in ASCII digits has the same HMAC: the proof (identity.test.ts) matches it.
    const [row] = await suite.server.db.query<{ national_id_hash: string }>(
      'select national_id_hash from users where id = $1',
      [res.body.user.id],
    );
    expect(row?.national_id_hash).toBe(
      hashNationalId(suite.server.ctx.keys.pepper, body.nationalId!),
    );
  });

  it('does not tell a taken email apart (email-oracle.test.ts), nor a taken national id (identity.test.ts)', async () => {
    const { body } = await register(suite.server);
    const sameEmail = await post('/api/v1/auth/register/individual', {
      json: registrationBody({ email: body.email!.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(201);
    expect(sameEmail.body.user.email).toBe(body.email!.toUpperCase());
    const [row] = await suite.server.db.query<{ n: number }>(
      'select count(*)::int as n from users where lower(email) = $1',
      [body.email!.toLowerCase()],
    );
    expect(row?.n).toBe(1);
  });

  it('kills a code after five wrong tries; a resent code works', async () => {
    const person = await register(suite.server);
    const code = lastCode(suite.server, person.body.phoneNumber!);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const verify = (c: string) =>
      post('/api/v1/auth/verify/individual', {
        token: person.token,
        json: { method: 'sms', code: c },
        headers: fromIp(person.ip),
      });
    for (let i = 0; i < 5; i++) expect((await verify(wrongCode)).status).toBe(400);
    const dead = await verify(code);
    expect(dead.status).toBe(410);
    expect(dead.body).toMatchObject({ code: 'code_expired' });
    expect(dead.body.detail_ar).toMatch(/[\u0600-\u06FF]/);

    clock.advance(61_000);
    const resend = await post('/api/v1/auth/resend-code', {
      token: person.token,
      json: { method: 'sms' },
    });
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ success: true, resend_after: 60 });
    const fresh = lastCode(suite.server, person.body.phoneNumber!);
    expect((await verify(fresh)).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const person = await register(suite.server);
    const code = lastCode(suite.server, person.body.phoneNumber!);
    clock.advance(600_001);
    const res = await post('/api/v1/auth/verify/individual', {
      token: person.token,
      json: { method: 'sms', code },
      headers: fromIp(person.ip),
    });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('code_expired');
  });

  it('resends at most once a minute and five times an hour, switching method on request', async () => {
    const person = await register(suite.server);
    const resend = (method: string) =>
      post('/api/v1/auth/resend-code', { token: person.token, json: { method } });
    const soon = await resend('sms');
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(soon.body.detail_ar).toMatch(/[\u0600-\u06FF]/);

    clock.advance(60_000);
    const byEmail = await resend('email');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.verification).toMatchObject({ method: 'email', expires_in: 600 });
    expect(outbox(suite.server).filter((e) => e.to === person.body.email)).toHaveLength(1);
    // The email code replaced the SMS one.
    const smsCode = lastCode(suite.server, person.body.phoneNumber!);
    const emailCode = lastCode(suite.server, person.body.email!);
    if (smsCode !== emailCode) {
      const old = await post('/api/v1/auth/verify/individual', {
        token: person.token,
        json: { method: 'sms', code: smsCode },
        headers: fromIp(person.ip),
      });
      expect(old.status).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      expect((await resend('sms')).status).toBe(200);
    }
    // Registration + 4 resends = 5 sends this hour.
    clock.advance(60_000);
    const sixth = await resend('sms');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60);
    clock.advance(60 * 60 * 1000);
    // The access token lasts 15 minutes: sign in again, then the hour's slots are free.
    const login = await post('/api/v1/auth/login', {
      json: { email: person.body.email, password: person.body.password },
      headers: fromIp(person.ip),
    });
    expect(login.body.requiresConfirmation).toBe(true);
    const later = await post('/api/v1/auth/resend-code', {
      token: login.body.token,
      json: { method: 'sms' },
    });
    expect(later.status).toBe(200);
  });

  it('refuses confirmation-code guessing from one address across accounts', async () => {
    const ip = freshIp();
    let locked: Awaited<ReturnType<typeof post>> | undefined;
    let tries = 0;
    // Each account allows 5 tries per code; the address allows 30 failures in 15 minutes.
    for (let account = 0; account < 7 && !locked; account++) {
      const person = await register(suite.server, {}, ip);
      const code = lastCode(suite.server, person.body.phoneNumber!);
      const wrongCode = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/v1/auth/verify/individual', {
          token: person.token,
          json: { method: 'sms', code: wrongCode },
          headers: fromIp(ip),
        });
        if (res.status === 429) {
          locked = res;
          break;
        }
        expect(res.status).toBe(400);
        tries++;
      }
    }
    expect(tries).toBe(30);
    expect(locked?.body.code).toBe('account_locked');
    // Another address is not affected.
    const other = await register(suite.server);
    const ok = await post('/api/v1/auth/verify/individual', {
      token: other.token,
      json: { method: 'sms', code: lastCode(suite.server, other.body.phoneNumber!) },
      headers: fromIp(other.ip),
    });
    expect(ok.status).toBe(200);
  });

  it('limits registrations to 30 an hour from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) await register(suite.server, {}, ip);
    const limited = await post('/api/v1/auth/register/individual', {
      json: registrationBody(),
      headers: fromIp(ip),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
    expect((await register(suite.server)).res.status).toBe(201);
  }, 90_000); // 31 registrations, each hashing a password with scrypt

  it('needs the bearer of an individual account to confirm or resend', async () => {
    const none = await post('/api/v1/auth/verify/individual', {
      json: { method: 'sms', code: '123456' },
    });
    expect(none.status).toBe(401);
    const resend = await post('/api/v1/auth/resend-code', { json: { method: 'sms' } });
    expect(resend.status).toBe(401);
  });
});
