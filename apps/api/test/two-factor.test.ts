import { describe, expect, it } from 'vitest';
import { generateTotp } from '../src/lib/totp.ts';
import { createOrganization, databaseKinds, request } from './harness.ts';
import {
  freshIp,
  fromIp,
  registerConfirmed,
  typedIn,
  useIndividualsServer,
} from './individuals-helpers.ts';

describe.each(databaseKinds)('two-step sign-in on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2025-03-01T09:00:10Z');
  const { clock, post } = suite;
  const totp = (secret: string) => generateTotp(secret, clock.now().getTime());

  const login = (email: string, password: string, ip: string, remember?: boolean) =>
    post('/api/v1/auth/login', {
      json: { email, password, ...(remember === undefined ? {} : { remember }) },
      headers: fromIp(ip),
    });

  /** A confirmed person with two-step on; the clock has moved past the enabling code's step. */
  async function personWithTwoFactor() {
    const person = await registerConfirmed(suite.server);
    const ip = freshIp();
    const signedIn = await login(person.body.email!, person.body.password!, ip);
    const token = signedIn.body.token as string;
    const setup = await post('/api/v1/profile/2fa/setup', { token });
    const enable = await post('/api/v1/profile/2fa/enable', {
      token,
      json: { code: totp(setup.body.secret) },
    });
    if (enable.status !== 200) throw new Error(JSON.stringify(enable.body));
    clock.advance(30_000);
    return {
      email: person.body.email!,
      password: person.body.password!,
      secret: setup.body.secret as string,
      recovery: enable.body.recovery_codes as string[],
      token,
      ip,
    };
  }

  it('enrols with a QR code and a first code, then asks for the code at sign-in', async () => {
    const person = await registerConfirmed(suite.server);
    const ip = freshIp();
    const first = await login(person.body.email!, person.body.password!, ip);
    const token = first.body.token as string;

    const setup = await post('/api/v1/profile/2fa/setup', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tanqin:/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauth_url).toContain('issuer=Tanqin');
    expect(setup.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.headers.get('cache-control')).toBe('no-store');

    // Not on until a code confirms it.
    const before = await login(person.body.email!, person.body.password!, ip);
    expect(before.body.requires2FA).toBeUndefined();

    const wrong = await post('/api/v1/profile/2fa/enable', {
      token,
      json: { code: totp(setup.body.secret) === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_code', detail_ar: 'رمز التحقق غير صحيح' });

    const enablingCode = totp(setup.body.secret);
    const enable = await post('/api/v1/profile/2fa/enable', {
      token,
      json: { code: enablingCode },
    });
    expect(enable.status).toBe(200);
    const recovery = enable.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(recovery).size).toBe(10);

    // Stored: the secret encrypted, recovery codes hashed.
    const [row] = await suite.server.db.query<Record<string, unknown>>(
      'select * from users where lower(email) = $1',
      [person.body.email],
    );
    expect(JSON.stringify(row)).not.toContain(setup.body.secret);
    const stored = JSON.stringify(
      await suite.server.db.query('select * from two_factor_recovery_codes'),
    );
    for (const code of recovery) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }

    const profile = await request(suite.server.baseUrl, 'GET', '/api/v1/profile', { token });
    expect(profile.body.twoFactorEnabled).toBe(true);

    const challenge = await login(person.body.email!, person.body.password!, ip);
    expect(challenge.status).toBe(200);
    expect(challenge.body).toEqual({
      success: true,
      requires2FA: true,
      twoFactorToken: expect.any(String),
      message: 'Two-step verification required',
    });
    expect(challenge.headers.get('set-cookie')).toBeNull();

    // The code that enabled it is spent (same time step): not "incorrect", but "wait for the
    // next code"; a wrong code is still incorrect.
    const replay = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: enablingCode },
      headers: fromIp(ip),
    });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('content-type')).toContain('application/problem+json');
    expect(replay.body).toMatchObject({
      code: 'two_factor_code_used',
      detail_ar: 'استُخدم هذا الرمز من قبل. انتظر الرمز التالي في تطبيق المصادقة ثم أدخله',
    });
    const notTheCode = String((Number(enablingCode) + 1) % 1_000_000).padStart(6, '0');
    const incorrect = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: notTheCode },
      headers: fromIp(ip),
    });
    expect(incorrect.status).toBe(401);
    expect(incorrect.body).toMatchObject({
      code: 'invalid_code',
      detail_ar: 'رمز التحقق غير صحيح',
    });

    clock.advance(30_000);
    const verified = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: totp(setup.body.secret) },
      headers: fromIp(ip),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, user: { email: person.body.email } });
    expect(verified.headers.get('set-cookie')).toMatch(/tanqin_refresh_individual=/);
    const me = await request(suite.server.baseUrl, 'GET', '/api/v1/auth/me', {
      token: verified.body.token,
    });
    expect(me.status).toBe(200);

    // The second-step token is single use.
    clock.advance(30_000);
    const again = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: totp(setup.body.secret) },
      headers: fromIp(ip),
    });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('session_expired');
  });

  it('takes codes typed in Arabic-Indic or Persian digits at every step', async () => {
    const person = await registerConfirmed(suite.server);
    const ip = freshIp();
    const { token } = (await login(person.body.email!, person.body.password!, ip)).body;
    const setup = await post('/api/v1/profile/2fa/setup', { token });
    const enable = await post('/api/v1/profile/2fa/enable', {
      token,
      json: { code: typedIn('arabic', totp(setup.body.secret)) },
    });
    expect(enable.status).toBe(200);

    clock.advance(30_000);
    const challenge = await login(person.body.email!, person.body.password!, ip);
    const verified = await post('/api/v1/auth/verify-2fa', {
      json: {
        token: challenge.body.twoFactorToken,
        code: typedIn('persian', totp(setup.body.secret)),
      },
      headers: fromIp(ip),
    });
    expect(verified.status).toBe(200);

    clock.advance(30_000);
    const off = await post('/api/v1/profile/2fa/disable', {
      token,
      json: {
        password: person.body.password,
        code: ` ${typedIn('arabic', totp(setup.body.secret))} `,
      },
    });
    expect(off.status).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const person = await personWithTwoFactor();
    const [recovery] = person.recovery;
    const first = await login(person.email, person.password, person.ip);
    const used = await post('/api/v1/auth/verify-2fa', {
      json: { token: first.body.twoFactorToken, code: recovery!.toUpperCase() },
      headers: fromIp(person.ip),
    });
    expect(used.status).toBe(200);
    expect(used.body.token).toBeTruthy();

    const second = await login(person.email, person.password, person.ip);
    const reused = await post('/api/v1/auth/verify-2fa', {
      json: { token: second.body.twoFactorToken, code: recovery },
      headers: fromIp(person.ip),
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('invalid_code');
    // A wrong code does not spend the step: the same token works with a good code.
    const good = await post('/api/v1/auth/verify-2fa', {
      json: { token: second.body.twoFactorToken, code: person.recovery[1] },
      headers: fromIp(person.ip),
    });
    expect(good.status).toBe(200);
  });

  it('lets the second-step token live 5 minutes', async () => {
    const person = await personWithTwoFactor();
    const challenge = await login(person.email, person.password, person.ip);
    clock.advance(5 * 60 * 1000 + 1000);
    const late = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: totp(person.secret) },
      headers: fromIp(person.ip),
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('session_expired');
    expect(late.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
    const junk = await post('/api/v1/auth/verify-2fa', {
      json: { token: 'tq2fa_nonsense', code: '123456' },
    });
    expect(junk.status).toBe(401);
    const empty = await post('/api/v1/auth/verify-2fa', { json: {} });
    expect(empty.status).toBe(400);
  });

  it('locks an account after 5 wrong codes, even for the right one', async () => {
    const person = await personWithTwoFactor();
    const challenge = await login(person.email, person.password, person.ip);
    const right = totp(person.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/v1/auth/verify-2fa', {
        json: { token: challenge.body.twoFactorToken, code: wrong },
        headers: fromIp(freshIp()),
      });
      expect(res.status).toBe(401);
    }
    const locked = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: right },
      headers: fromIp(freshIp()),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('account_locked');
    expect(locked.headers.get('retry-after')).toBe('900');
    // A new password step does not lift the lock.
    const fresh = await login(person.email, person.password, person.ip);
    const stillLocked = await post('/api/v1/auth/verify-2fa', {
      json: { token: fresh.body.twoFactorToken, code: right },
      headers: fromIp(person.ip),
    });
    expect(stillLocked.status).toBe(429);
    clock.advance(15 * 60 * 1000);
    const after = await login(person.email, person.password, person.ip);
    const ok = await post('/api/v1/auth/verify-2fa', {
      json: { token: after.body.twoFactorToken, code: totp(person.secret) },
      headers: fromIp(person.ip),
    });
    expect(ok.status).toBe(200);
  });

  it('locks an address after 30 wrong codes across accounts', async () => {
    const ip = freshIp();
    let failures = 0;
    let locked: Awaited<ReturnType<typeof post>> | undefined;
    for (let account = 0; account < 10 && !locked; account++) {
      const person = await personWithTwoFactor();
      const challenge = await login(person.email, person.password, person.ip);
      const wrong = totp(person.secret) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) {
        const res = await post('/api/v1/auth/verify-2fa', {
          json: { token: challenge.body.twoFactorToken, code: wrong },
          headers: fromIp(ip),
        });
        if (res.status === 429) {
          locked = res;
          break;
        }
        expect(res.status).toBe(401);
        failures++;
      }
    }
    expect(failures).toBe(30);
    expect(locked?.body.code).toBe('account_locked');
  });

  it('without "remember me" the cookie ends with the browser and the session after 12 hours', async () => {
    const person = await registerConfirmed(suite.server);
    const ip = freshIp();
    const refreshCookieOf = (res: { headers: Headers }) =>
      res.headers.getSetCookie().find((line) => line.startsWith('tanqin_refresh_individual='))!;
    const remembered = await login(person.body.email!, person.body.password!, ip, true);
    expect(refreshCookieOf(remembered)).toMatch(/Expires=/i);
    const short = await login(person.body.email!, person.body.password!, ip, false);
    const cookie = refreshCookieOf(short);
    expect(cookie).not.toMatch(/Expires=|Max-Age=/i);
    expect(cookie).toMatch(/HttpOnly/i);
    const refresh = await post('/api/v1/auth/refresh?kind=individual', {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(refresh.status).toBe(200);
    // Still a browser-session cookie after rotation.
    const rotated = refreshCookieOf(refresh);
    expect(rotated).not.toMatch(/Expires=|Max-Age=/i);
    clock.advance(12 * 60 * 60 * 1000 + 1000);
    const late = await post('/api/v1/auth/refresh?kind=individual', {
      headers: { cookie: rotated.split(';')[0]! },
    });
    expect(late.status).toBe(401);
    const longCookie = refreshCookieOf(remembered).split(';')[0]!;
    expect(
      (await post('/api/v1/auth/refresh?kind=individual', { headers: { cookie: longCookie } }))
        .status,
    ).toBe(200);
  });

  it('turns two-step off with the password and a code', async () => {
    const person = await personWithTwoFactor();
    const wrongPassword = await post('/api/v1/profile/2fa/disable', {
      token: person.token,
      json: { password: 'Wrong0Password', code: totp(person.secret) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('current_password_invalid');
    expect(wrongPassword.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
    const wrongCode = await post('/api/v1/profile/2fa/disable', {
      token: person.token,
      json: { password: person.password, code: 'zzzzz-zzzzz' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('invalid_code');
    const off = await post('/api/v1/profile/2fa/disable', {
      token: person.token,
      json: { password: person.password, code: totp(person.secret) },
    });
    expect(off.status).toBe(200);
    const plain = await login(person.email, person.password, person.ip);
    expect(plain.body.requires2FA).toBeUndefined();
    expect(plain.body.token).toBeTruthy();
    const twice = await post('/api/v1/profile/2fa/disable', {
      token: person.token,
      json: { password: person.password, code: totp(person.secret) },
    });
    expect(twice.status).toBe(409);
  });

  it('works for organisation users too', async () => {
    const org = await createOrganization(suite.server.baseUrl);
    const setup = await post('/api/v1/profile/2fa/setup', { token: org.token });
    expect(setup.status).toBe(200);
    const enable = await post('/api/v1/profile/2fa/enable', {
      token: org.token,
      json: { code: totp(setup.body.secret) },
    });
    expect(enable.status).toBe(200);
    clock.advance(30_000);
    const ip = freshIp();
    const challenge = await login(org.admin.email, org.admin.password, ip);
    expect(challenge.body.requires2FA).toBe(true);
    const done = await post('/api/v1/auth/verify-2fa', {
      json: { token: challenge.body.twoFactorToken, code: totp(setup.body.secret) },
      headers: fromIp(ip),
    });
    expect(done.status).toBe(200);
    expect(done.body.organization).toMatchObject({ role: 'owner' });
    // The personal profile itself stays for individuals.
    const profile = await request(suite.server.baseUrl, 'GET', '/api/v1/profile', {
      token: org.token,
    });
    expect(profile.status).toBe(403);
  });
});
