import { describe, expect, it, vi } from 'vitest';
import { generateSecret } from '../src/lib/secret-format.ts';
import { deliverDueAccountNotices } from '../src/modules/account-notices/account-notices.service.ts';
import { sweepAuthRecords } from '../src/modules/auth/auth-sweep.service.ts';
import { createOrganization, databaseKinds, request } from './harness.ts';
import {
  freshIp,
  fromIp,
  outbox,
  registerConfirmed,
  useIndividualsServer,
} from './individuals-helpers.ts';

describe.each(databaseKinds)('forgotten password on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2025-03-01T09:00:00Z');
  const { clock, post } = suite;
  const NEW_PASSWORD = 'N3wPassword!x';

  const mailsTo = (email: string) => outbox(suite.server).filter((e) => e.to === email);

  /** Asks for a link and waits until the mail is in the outbox; returns the token in it. */
  async function requestLink(email: string, ip = freshIp()) {
    const before = mailsTo(email).length;
    const res = await post('/api/v1/auth/forgot-password', {
      json: { email },
      headers: fromIp(ip),
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true });
    await vi.waitFor(() => expect(mailsTo(email).length).toBe(before + 1));
    const text = mailsTo(email).at(-1)!.text;
    const link = text.match(/(\S+\/forgot-password#token=(\S+))/);
    expect(link?.[1]?.startsWith(suite.server.ctx.config.publicUrl.replace(/\/$/, ''))).toBe(true);
    return link![2]!;
  }

  it('mails a link whose reset ends every session; the link works once', async () => {
    const person = await registerConfirmed(suite.server);
    const ip = freshIp();
    const creds = { email: person.body.email!, password: person.body.password! };
    const a = await post('/api/v1/auth/login', { json: creds, headers: fromIp(ip) });
    const b = await post('/api/v1/auth/login', { json: creds, headers: fromIp(ip) });
    const cookieB = b.headers.get('set-cookie')!.split(';')[0]!;

    const token = await requestLink(creds.email);
    const tokens = JSON.stringify(
      await suite.server.db.query('select * from password_reset_tokens'),
    );
    expect(tokens).not.toContain(token);

    const reset = await post('/api/v1/auth/reset-password', {
      json: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });

    for (const bearer of [a.body.token, b.body.token, person.token]) {
      const me = await request(suite.server.baseUrl, 'GET', '/api/v1/auth/me', { token: bearer });
      expect(me.status).toBe(401);
    }
    expect(
      (await post('/api/v1/auth/refresh?kind=individual', { headers: { cookie: cookieB } })).status,
    ).toBe(401);
    const old = await post('/api/v1/auth/login', { json: creds, headers: fromIp(ip) });
    expect(old.status).toBe(401);
    const fresh = await post('/api/v1/auth/login', {
      json: { email: creds.email, password: NEW_PASSWORD },
      headers: fromIp(ip),
    });
    expect(fresh.status).toBe(200);

    const again = await post('/api/v1/auth/reset-password', {
      json: { token, password: 'An0therPassword', confirmPassword: 'An0therPassword' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('reset_token_invalid');
    expect(again.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('tells the email and the phone of a reset, with when and from where, and nothing else', async () => {
    const person = await registerConfirmed(suite.server);
    const email = person.body.email!;
    const phone = person.body.phoneNumber!;
    const token = await requestLink(email);
    const noticesOf = () =>
      suite.server.db.query<{ channel: string; destination: string }>(
        `select channel, destination from account_notices
          where user_id = (select id from users where email = $1) order by channel`,
        [email],
      );
    expect(await noticesOf()).toEqual([]);

    const ip = '203.0.113.44';
    const resetAt = clock.now();
    const reset = await post('/api/v1/auth/reset-password', {
      json: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      headers: fromIp(ip),
    });
    expect(reset.status).toBe(200);
    // Written with the reset, before the answer.
    expect(await noticesOf()).toEqual([
      { channel: 'email', destination: email },
      { channel: 'sms', destination: phone },
    ]);

    const mailsBefore = mailsTo(email).length;
    await deliverDueAccountNotices(suite.server.ctx);
    const [mail] = mailsTo(email).slice(mailsBefore);
    expect(mail!.subject).toBe('تنقين: أُعيد تعيين كلمة المرور');
    // Riyadh is UTC+3 all year.
    const riyadh = new Date(resetAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
    expect(mail!.text).toContain(`الوقت: ${riyadh.replace('T', ' ')} بتوقيت الرياض`);
    expect(mail!.text).toContain(`العنوان: ${ip}`);
    expect(mail!.text).toContain('وأُنهيت جميع جلساته');
    expect(mail!.text).toContain('فأمّن بريدك الإلكتروني أولاً');
    const [sms] = outbox(suite.server)
      .filter((entry) => entry.to === phone && entry.channel === 'sms')
      .slice(-1);
    expect(sms!.text).toContain('أُعيد تعيين كلمة مرور حسابك في تنقين');
    expect(sms!.text).toContain(ip);
    for (const text of [mail!.text, mail!.subject, sms!.text]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(NEW_PASSWORD);
    }
    expect(await noticesOf()).toEqual([]);

    // A refused reset (the link again) tells nothing.
    const again = await post('/api/v1/auth/reset-password', {
      json: { token, password: 'An0therPassword', confirmPassword: 'An0therPassword' },
    });
    expect(again.status).toBe(400);
    expect(await noticesOf()).toEqual([]);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.sa`;
    const res = await post('/api/v1/auth/forgot-password', {
      json: { email },
      headers: fromIp(freshIp()),
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true });
    // A known account's mail, asked after, arrives; the unknown one never got any.
    const person = await registerConfirmed(suite.server);
    await requestLink(person.body.email!);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('expires a link after 30 minutes, and a new link replaces none of the old ones early', async () => {
    const person = await registerConfirmed(suite.server);
    const first = await requestLink(person.body.email!);
    const second = await requestLink(person.body.email!);
    clock.advance(30 * 60 * 1000 + 1000);
    for (const token of [first, second]) {
      const late = await post('/api/v1/auth/reset-password', {
        json: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('reset_token_invalid');
    }
  });

  it('says whether a link still works without using it: fresh yes; used, expired or junk no', async () => {
    const check = async (token: unknown) => {
      const res = await post('/api/v1/auth/reset-password/check', { json: { token } });
      if (res.status === 200) expect(res.headers.get('cache-control')).toBe('no-store');
      return res;
    };
    const person = await registerConfirmed(suite.server);
    const used = await requestLink(person.body.email!);
    expect((await check(used)).body).toEqual({ valid: true });
    expect((await check(used)).body).toEqual({ valid: true });
    const reset = await post('/api/v1/auth/reset-password', {
      json: { token: used, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await check(used)).body).toEqual({ valid: false });

    const expired = await requestLink(person.body.email!);
    clock.advance(30 * 60 * 1000 + 1000);
    expect((await check(expired)).body).toEqual({ valid: false });
    for (const junk of ['tqpr_notavalidtoken', generateSecret('tqpr_', 32), 'x']) {
      const answer = await check(junk);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ valid: false });
    }
    const missing = await check('');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
  });

  it('sweeps links a day after they expired, not before', async () => {
    const person = await registerConfirmed(suite.server);
    await requestLink(person.body.email!);
    const count = async () =>
      (
        await suite.server.db.query<{ n: number }>(
          `select count(*)::int as n from password_reset_tokens t join users u on u.id = t.user_id
            where u.email = $1`,
          [person.body.email],
        )
      )[0]!.n;
    clock.advance(30 * 60 * 1000 + 1000);
    await sweepAuthRecords(suite.server.ctx);
    expect(await count()).toBe(1);
    clock.advance(24 * 60 * 60 * 1000);
    await sweepAuthRecords(suite.server.ctx);
    expect(await count()).toBe(0);
  });

  it('using one link cancels the account’s other links', async () => {
    const person = await registerConfirmed(suite.server);
    const first = await requestLink(person.body.email!);
    const second = await requestLink(person.body.email!);
    const ok = await post('/api/v1/auth/reset-password', {
      json: { token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(ok.status).toBe(200);
    const other = await post('/api/v1/auth/reset-password', {
      json: { token: first, password: 'An0therPassword', confirmPassword: 'An0therPassword' },
    });
    expect(other.status).toBe(400);
  });

  it('checks the new password with the sign-up rules and refuses junk tokens', async () => {
    const weak = await post('/api/v1/auth/reset-password', {
      json: { token: 'tqpr_x', password: 'short', confirmPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('validation_failed');
    expect(weak.body.detail_ar).toBe('كلمة المرور يجب أن تكون 8 أحرف على الأقل');
    const mismatch = await post('/api/v1/auth/reset-password', {
      json: { token: 'tqpr_x', password: NEW_PASSWORD, confirmPassword: 'Different0ne' },
    });
    expect(mismatch.body.errors).toContainEqual(
      expect.objectContaining({ path: 'confirmPassword', code: 'passwordsMismatch' }),
    );
    const junk = await post('/api/v1/auth/reset-password', {
      json: { token: 'tqpr_notavalidtoken', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('reset_token_invalid');
    const badEmail = await post('/api/v1/auth/forgot-password', { json: { email: 'nope' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.detail_ar).toBe('البريد الإلكتروني غير صالح');
  });

  it('limits requests per email silently and per address with 429', async () => {
    const person = await registerConfirmed(suite.server);
    const email = person.body.email!;
    for (let i = 0; i < 3; i++) await requestLink(email);
    const fourth = await post('/api/v1/auth/forgot-password', {
      json: { email },
      headers: fromIp(freshIp()),
    });
    expect(fourth.status).toBe(202);
    // A later, allowed request's mail arrives after the fourth would have: the fourth sent none.
    const other = await registerConfirmed(suite.server);
    await requestLink(other.body.email!);
    expect(mailsTo(email)).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/v1/auth/forgot-password', {
        json: { email: `someone-${i}@example.sa` },
        headers: fromIp(ip),
      });
      expect(res.status).toBe(202);
    }
    const limited = await post('/api/v1/auth/forgot-password', {
      json: { email: 'someone-else@example.sa' },
      headers: fromIp(ip),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.detail_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('works for organisation users and lifts their sign-in lock', async () => {
    const org = await createOrganization(suite.server.baseUrl);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      await post('/api/v1/auth/login', {
        json: { email: org.admin.email, password: 'Wrong0Password' },
        headers: fromIp(ip),
      });
    }
    const locked = await post('/api/v1/auth/login', {
      json: { email: org.admin.email, password: org.admin.password },
      headers: fromIp(ip),
    });
    expect(locked.status).toBe(429);
    const token = await requestLink(org.admin.email);
    const reset = await post('/api/v1/auth/reset-password', {
      json: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    const login = await post('/api/v1/auth/login', {
      json: { email: org.admin.email, password: NEW_PASSWORD },
      headers: fromIp(ip),
    });
    expect(login.status).toBe(200);
    expect(login.body.organization).toMatchObject({ role: 'owner' });
  });
});
