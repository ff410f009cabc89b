import { type AccountNoticeEvent, accountNoticeMessage } from '@tanqin/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  DONE_DELIVERY_DAYS,
  MAX_DELIVERY_ATTEMPTS,
  retryDelayMs,
} from '../src/lib/due-deliveries.ts';
import type { MailSender } from '../src/lib/mail/index.ts';
import { generateTotp } from '../src/lib/totp.ts';
import { deliverDueAccountNotices } from '../src/modules/account-notices/account-notices.service.ts';
import { sweepAuthRecords } from '../src/modules/auth/auth-sweep.service.ts';
import { createOrganization, databaseKinds, request } from './harness.ts';
import {
  freshIp,
  fromIp,
  lastCode,
  outbox,
  register,
  registerConfirmed,
  registrationBody,
  useIndividualsServer,
} from './individuals-helpers.ts';

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const toArabicIndic = (digits: string) => digits.replace(/\d/g, (d) => ARABIC_INDIC[Number(d)]!);

describe.each(databaseKinds)('confirmed contact changes and security notices on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2025-03-01T09:00:10Z');
  const { clock, post } = suite;
  const call = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
    request(suite.server.baseUrl, method, path, options);

  const messagesTo = (to: string) => outbox(suite.server).filter((entry) => entry.to === to);
  const sendNotices = () => deliverDueAccountNotices(suite.server.ctx);
  let counter = 0;
  const newEmail = () => `moved-${Date.now().toString(36)}-${counter++}@example.sa`;
  const newPhone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  type Person = Awaited<ReturnType<typeof registerConfirmed>>;
  const profileBody = (person: Person, overrides: Record<string, unknown> = {}) => ({
    firstName: person.body.firstName,
    lastName: person.body.lastName,
    email: person.body.email,
    phoneNumber: person.body.phoneNumber,
    language: 'ar',
    notifications: { email: false, sms: false, app: false },
    ...overrides,
  });
  const save = (person: Person, overrides: Record<string, unknown>, ip = person.ip) =>
    call('PATCH', '/api/v1/profile', {
      token: person.token,
      json: profileBody(person, overrides),
      headers: fromIp(ip),
    });
  const confirm = (person: Person, channel: string, code: string) =>
    post('/api/v1/profile/contact/confirm', {
      token: person.token,
      json: { channel, code },
      headers: fromIp(person.ip),
    });
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    post('/api/v1/auth/login', {
      json: { email, password },
      headers: { ...fromIp(freshIp()), ...headers },
    });

  it('keeps a new email pending until the code sent to it; the old address is told at once', async () => {
    const person = await registerConfirmed(suite.server);
    const oldEmail = person.body.email!;
    const target = newEmail();
    const ip = '203.0.113.7';
    const saved = await save(person, { email: target, firstName: 'ريم' }, ip);
    expect(saved.status).toBe(200);
    // The rest of the profile applies now; the email waits.
    expect(saved.body).toMatchObject({
      firstName: 'ريم',
      email: oldEmail,
      pendingContact: {
        email: {
          address: target,
          expiresAt: new Date(clock.now().getTime() + 600_000).toISOString(),
        },
        phone: null,
      },
    });
    const [codeMail] = messagesTo(target);
    expect(codeMail).toMatchObject({ channel: 'email' });
    expect(codeMail!.subject).toContain('تأكيد بريدك الإلكتروني الجديد');
    const code = lastCode(suite.server, target);

    // The notice to the old address: queued with the change, sent by the background job.
    expect(messagesTo(oldEmail)).toHaveLength(0);
    expect(await sendNotices()).toBeGreaterThanOrEqual(1);
    const [notice] = messagesTo(oldEmail);
    // In the person's language (Arabic) only.
    expect(notice!.subject).toBe('تنقين: طلب تغيير بريدك الإلكتروني');
    expect(notice!.text).toContain(`m***@example.sa`);
    expect(notice!.text).not.toContain(target);
    expect(notice!.text).toContain('الوقت: 2025-03-01 12:00 بتوقيت الرياض');
    expect(notice!.text).toContain(`العنوان: ${ip}`);
    expect(notice!.text).not.toMatch(/\b\d{6}\b/);

    // Nothing moved yet: the new address cannot sign in, the old one can.
    expect((await login(target, person.body.password!)).status).toBe(401);
    expect((await login(oldEmail, person.body.password!)).status).toBe(200);
    // Saving other fields again (the form sends the current email) leaves the change pending.
    const again = await save(person, { lastName: 'الحربي' });
    expect(again.body.pendingContact.email.address).toBe(target);
    expect(messagesTo(target)).toHaveLength(1);

    const wrong = await confirm(person, 'email', code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
    expect(wrong.body).toMatchObject({ code: 'invalid_code', detail_ar: 'رمز التحقق غير صحيح' });

    // Typed on an Arabic keyboard.
    const applied = await confirm(person, 'email', toArabicIndic(code));
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      email: target,
      lastName: 'الحربي',
      pendingContact: { email: null, phone: null },
    });
    expect((await login(target, person.body.password!)).status).toBe(200);
    expect((await login(oldEmail, person.body.password!)).status).toBe(401);
    // Used once.
    expect((await confirm(person, 'email', code)).status).toBe(410);
  });

  it('keeps a new phone pending until the SMS code; the old phone gets the notice by SMS', async () => {
    const person = await registerConfirmed(suite.server);
    const oldPhone = person.body.phoneNumber!;
    const target = newPhone();
    const saved = await save(person, { phoneNumber: target });
    expect(saved.body).toMatchObject({
      phoneNumber: oldPhone,
      pendingContact: { email: null, phone: { address: target } },
    });
    expect(messagesTo(target)).toMatchObject([{ channel: 'sms' }]);
    const before = messagesTo(oldPhone).length;
    await sendNotices();
    const notice = messagesTo(oldPhone).slice(before);
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ channel: 'sms' });
    expect(notice[0]!.text).toContain(
      `طُلب تغيير رقم جوالك في تنقين إلى ${target.slice(0, 2)}******${target.slice(-2)}`,
    );
    expect(messagesTo(person.body.email!)).toHaveLength(0);

    const applied = await confirm(person, 'phone', lastCode(suite.server, target));
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ phoneNumber: target, pendingContact: { phone: null } });
  });

  it('lets a code live 10 minutes and survive 5 wrong tries, like the registration code', async () => {
    const person = await registerConfirmed(suite.server);
    const target = newEmail();
    await save(person, { email: target });
    const code = lastCode(suite.server, target);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect((await confirm(person, 'email', wrongCode)).status).toBe(400);
    }
    const spent = await confirm(person, 'email', code);
    expect(spent.status).toBe(410);
    expect(spent.body).toMatchObject({
      code: 'code_expired',
      detail_ar: 'انتهت صلاحية رمز التحقق، اطلب رمزاً جديداً',
    });
    const profile = await call('GET', '/api/v1/profile', { token: person.token });
    expect(profile.body).toMatchObject({
      email: person.body.email,
      pendingContact: { email: null },
    });

    // Saving again sends a new code (after the minute between sends); it expires after 10 minutes.
    clock.advance(60_000);
    await save(person, { email: target });
    const second = lastCode(suite.server, target);
    clock.advance(600_000);
    const late = await confirm(person, 'email', second);
    expect(late.status).toBe(410);
    expect((await call('GET', '/api/v1/profile', { token: person.token })).body.email).toBe(
      person.body.email,
    );
  });

  it('replaces a pending change with a newer one, within the send limits', async () => {
    const person = await registerConfirmed(suite.server);
    const first = newEmail();
    const second = newEmail();
    await save(person, { email: first });
    const firstCode = lastCode(suite.server, first);
    const tooSoon = await save(person, { email: second, firstName: 'هند' });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    // A refused save writes nothing, not even the other fields.
    const unchanged = await call('GET', '/api/v1/profile', { token: person.token });
    expect(unchanged.body).toMatchObject({
      firstName: person.body.firstName,
      pendingContact: { email: { address: first } },
    });

    clock.advance(60_000);
    const replaced = await save(person, { email: second });
    expect(replaced.body.pendingContact.email.address).toBe(second);
    const secondCode = lastCode(suite.server, second);
    if (firstCode !== secondCode) {
      expect((await confirm(person, 'email', firstCode)).status).toBe(400);
    }
    const applied = await confirm(person, 'email', secondCode);
    expect(applied.body.email).toBe(second);
  });

  it('takes an email another account has like any other, but only its owner hears of it', async () => {
    const owner = await registerConfirmed(suite.server);
    const person = await registerConfirmed(suite.server);
    const takenAddress = owner.body.email!.toUpperCase();
    const taken = await save(person, { email: takenAddress, firstName: 'لمى' });
    // No account oracle (email-oracle.test.ts): the answer of a free address.
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      firstName: 'لمى',
      email: person.body.email,
      pendingContact: { email: { address: takenAddress }, phone: null },
    });
    await sendNotices();
    // The old address is told as for any change; the taken one gets no code, its owner a warning.
    expect(messagesTo(person.body.email!)).toHaveLength(1);
    const toOwner = messagesTo(takenAddress);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe('محاولة لاستخدام بريدك الإلكتروني في تنقين');
    expect(toOwner[0]!.text).not.toMatch(/\b\d{6}\b/);
    // Nothing guessed applies it; the owner keeps the address.
    expect((await confirm(person, 'email', '000000')).body.code).toBe('invalid_code');
    const profile = await call('GET', '/api/v1/profile', { token: person.token });
    expect(profile.body.email).toBe(person.body.email);
    expect((await login(owner.body.email!, owner.body.password!)).status).toBe(200);
  });

  it("leaves another person's pending change alone", async () => {
    const a = await registerConfirmed(suite.server);
    const b = await registerConfirmed(suite.server);
    const forA = newEmail();
    const forB = newEmail();
    await save(a, { email: forA });
    await save(b, { email: forB });
    const codeA = lastCode(suite.server, forA);
    const codeB = lastCode(suite.server, forB);
    // B's code confirms nothing for A; A's confirmation leaves B's change as it was.
    if (codeA !== codeB) expect((await confirm(a, 'email', codeB)).status).toBe(400);
    expect((await confirm(a, 'email', codeA)).body.email).toBe(forA);
    const ofB = await call('GET', '/api/v1/profile', { token: b.token });
    expect(ofB.body).toMatchObject({
      email: b.body.email,
      pendingContact: { email: { address: forB } },
    });
    expect((await confirm(b, 'email', codeB)).body.email).toBe(forB);
  });

  it('answers a confirmation without a pending change, and invalid fields, in Arabic', async () => {
    const person = await registerConfirmed(suite.server);
    const none = await confirm(person, 'phone', '123456');
    expect(none.status).toBe(410);
    const channel = await confirm(person, 'fax', '123456');
    expect(channel.status).toBe(400);
    expect(channel.body.detail_ar).toBe('يرجى اختيار البريد الإلكتروني أو رقم الجوال');
    const short = await confirm(person, 'email', '12a4');
    expect(short.status).toBe(400);
    expect(short.body.detail_ar).toBe('يجب أن يتكون الرمز من 6 أرقام');
    const anonymous = await post('/api/v1/profile/contact/confirm', {
      json: { channel: 'email', code: '123456' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('tells the email of a new password, two-step on and off, whatever the preferences', async () => {
    const person = await registerConfirmed(suite.server);
    const email = person.body.email!;
    await save(person, {}); // every notification switch off
    const ip = '203.0.113.20';
    const changed = await post('/api/v1/profile/password', {
      token: person.token,
      json: {
        currentPassword: person.body.password,
        newPassword: 'N3wPassword',
        confirmPassword: 'N3wPassword',
      },
      headers: fromIp(ip),
    });
    expect(changed.status).toBe(200);
    const setup = await post('/api/v1/profile/2fa/setup', { token: person.token });
    const totp = () => generateTotp(setup.body.secret, clock.now().getTime());
    const enabled = await post('/api/v1/profile/2fa/enable', {
      token: person.token,
      json: { code: totp() },
      headers: fromIp(ip),
    });
    expect(enabled.status).toBe(200);
    clock.advance(30_000);
    const disabled = await post('/api/v1/profile/2fa/disable', {
      token: person.token,
      json: { password: 'N3wPassword', code: totp() },
      headers: fromIp(ip),
    });
    expect(disabled.status).toBe(200);
    await sendNotices();
    // One batch, sent together: the outbox's order is the order the appends finished in.
    const subjects = messagesTo(email).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(
      [
        'تنقين: تغيّرت كلمة المرور',
        'تنقين: تفعيل التحقق بخطوتين',
        'تنقين: إيقاف التحقق بخطوتين',
      ].sort(),
    );
    for (const mail of messagesTo(email)) expect(mail.text).toContain(`العنوان: ${ip}`);
  });

  it.each(['ar', 'en'] as const)(
    'speaks to a person registered in %s in that language only: registration code (SMS and mail), contact code, security notice, reset link, email in use',
    async (language) => {
      const phrases = {
        registrationSms: {
          ar: 'رمز التحقق الخاص بك في تنقين',
          en: 'Your Tanqin confirmation code',
        },
        registrationMail: { ar: 'رمز تأكيد حسابك في تنقين', en: 'Your Tanqin confirmation code' },
        contactCode: {
          ar: 'رمز تأكيد بريدك الإلكتروني الجديد',
          en: 'The code that confirms your new email',
        },
        notice: {
          ar: 'تنقين: طلب تغيير بريدك الإلكتروني',
          en: 'Tanqin: A change of your email was asked',
        },
        reset: { ar: 'إعادة تعيين كلمة المرور في تنقين', en: 'Reset your Tanqin password' },
        inUse: {
          ar: 'محاولة لاستخدام بريدك الإلكتروني في تنقين',
          en: 'Someone tried to use your email on Tanqin',
        },
      };
      const other = language === 'ar' ? 'en' : 'ar';
      /** The message's subject and text hold the phrase in `language`, and nothing of the other. */
      const inOwnLanguage = (
        message: { subject?: string; text: string } | undefined,
        phrase: { ar: string; en: string },
      ) => {
        const whole = `${message?.subject ?? ''}\n${message?.text}`;
        expect(whole).toContain(phrase[language]);
        expect(whole).not.toContain(phrase[other]);
        if (language === 'en') expect(whole).not.toMatch(/[\u0600-\u06ff]/);
        else expect(whole).not.toMatch(/\b(your|code|minutes|Tanqin)\b/i);
      };

      const bySms = await registerConfirmed(suite.server, { language });
      inOwnLanguage(messagesTo(bySms.body.phoneNumber!)[0], phrases.registrationSms);
      const byMail = await register(suite.server, { language, method: 'email' });
      inOwnLanguage(messagesTo(byMail.body.email!)[0], phrases.registrationMail);

      // The profile keeps the language; the new address's code and the old one's notice speak it.
      const target = newEmail();
      expect((await save(bySms, { email: target, language })).status).toBe(200);
      inOwnLanguage(messagesTo(target)[0], phrases.contactCode);
      await sendNotices();
      inOwnLanguage(messagesTo(bySms.body.email!)[0], phrases.notice);

      const email = bySms.body.email!;
      await post('/api/v1/auth/forgot-password', { json: { email }, headers: fromIp(freshIp()) });
      await vi.waitFor(() => expect(messagesTo(email)).toHaveLength(2));
      inOwnLanguage(messagesTo(email)[1], phrases.reset);

      // Someone registers with the address: its owner is told, in the owner's language.
      await post('/api/v1/auth/register/individual', {
        json: registrationBody({ email, language: other, method: 'email' }),
        headers: fromIp(freshIp()),
      });
      await vi.waitFor(() => expect(messagesTo(email)).toHaveLength(3));
      inOwnLanguage(messagesTo(email)[2], phrases.inUse);
    },
  );

  it('tells of a sign-in from a new device, not from a device the account knows', async () => {
    const person = await registerConfirmed(suite.server);
    const email = person.body.email!;
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const first = await login(email, person.body.password!, { 'user-agent': chrome });
    expect(first.status).toBe(200);
    const device = first.headers
      .getSetCookie()
      .find((line) => line.startsWith('tanqin_device_individual='))!
      .split(';')[0]!;
    const known = await login(email, person.body.password!, { cookie: device });
    expect(known.status).toBe(200);
    await sendNotices();
    const notices = messagesTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('تنقين: تسجيل دخول من جهاز جديد');
    expect(notices[0]!.text).toContain('من جهاز جديد (Chrome / Windows)');

    // Organisation staff are told too, in both languages: they never chose one.
    const org = await createOrganization(suite.server.baseUrl);
    await sendNotices();
    expect(messagesTo(org.admin.email)).toMatchObject([
      { subject: 'تنقين: تسجيل دخول من جهاز جديد / Tanqin: Sign-in from a new device' },
    ]);
  });

  it('never puts a code, a token, a secret, a password or a whole new address in a notice', async () => {
    const person = await registerConfirmed(suite.server);
    const secrets: string[] = [person.body.password!];
    const userAgent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    expect(
      (await login(person.body.email!, person.body.password!, { 'user-agent': userAgent })).status,
    ).toBe(200);

    const email = newEmail();
    await save(person, { email });
    const emailCode = lastCode(suite.server, email);
    expect((await confirm(person, 'email', emailCode)).status).toBe(200);
    clock.advance(60_000);
    const phone = newPhone();
    await save(person, { email, phoneNumber: phone });
    const phoneCode = lastCode(suite.server, phone);
    expect((await confirm(person, 'phone', phoneCode)).status).toBe(200);
    secrets.push(email, phone, emailCode, phoneCode);

    const changed = await post('/api/v1/profile/password', {
      token: person.token,
      json: {
        currentPassword: person.body.password,
        newPassword: 'N3wPassword',
        confirmPassword: 'N3wPassword',
      },
    });
    expect(changed.status).toBe(200);
    const setup = await post('/api/v1/profile/2fa/setup', { token: person.token });
    const enableCode = generateTotp(setup.body.secret, clock.now().getTime());
    const enabled = await post('/api/v1/profile/2fa/enable', {
      token: person.token,
      json: { code: enableCode },
    });
    expect(enabled.status).toBe(200);
    clock.advance(30_000);
    const disableCode = generateTotp(setup.body.secret, clock.now().getTime());
    const disabled = await post('/api/v1/profile/2fa/disable', {
      token: person.token,
      json: { password: 'N3wPassword', code: disableCode },
    });
    expect(disabled.status).toBe(200);
    secrets.push('N3wPassword', setup.body.secret, enableCode, disableCode);
    secrets.push(...enabled.body.recovery_codes);

    await post('/api/v1/auth/forgot-password', { json: { email }, headers: fromIp(freshIp()) });
    // The link's mail leaves after the answer.
    const resetToken = await vi.waitFor(() => {
      const link = messagesTo(email).find((mail) => mail.text.includes('#token='));
      return link!.text.match(/#token=(\S+)/)![1]!;
    });
    const reset = await post('/api/v1/auth/reset-password', {
      json: { token: resetToken, password: 'Res3tPassword', confirmPassword: 'Res3tPassword' },
    });
    expect(reset.status).toBe(200);
    secrets.push(resetToken, 'Res3tPassword');

    const notices = await suite.server.db.query<{ subject: string | null; body: string }>(
      'select subject, body from account_notices where user_id = (select id from users where email = $1)',
      [email],
    );
    // Every kind of notice was written (the first line of each, whatever the time and address).
    const firstLine = (event: AccountNoticeEvent) =>
      accountNoticeMessage(event, { at: clock.now(), ip: null }).sms.split('\n')[0]!;
    const everyKind: Record<AccountNoticeEvent['kind'], string[]> = {
      contact_change_requested: [
        firstLine({ kind: 'contact_change_requested', channel: 'email', newAddress: email }),
        firstLine({ kind: 'contact_change_requested', channel: 'phone', newAddress: phone }),
      ],
      password_changed: [firstLine({ kind: 'password_changed' })],
      password_reset: [firstLine({ kind: 'password_reset' })],
      two_factor_enabled: [firstLine({ kind: 'two_factor_enabled' })],
      two_factor_disabled: [firstLine({ kind: 'two_factor_disabled' })],
      new_device_sign_in: [firstLine({ kind: 'new_device_sign_in', userAgent })],
    };
    for (const line of Object.values(everyKind).flat()) {
      expect(notices.some((notice) => notice.body.startsWith(line))).toBe(true);
    }
    for (const notice of notices) {
      const text = `${notice.subject ?? ''}\n${notice.body}`;
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain('tqpr_');
      // No code and no whole phone number: no run of six digits at all.
      expect(text).not.toMatch(/\d{6}/);
    }
  });

  it('retries a notice the mail server refused, without failing the change', async () => {
    const person = await registerConfirmed(suite.server);
    const ctx = suite.server.ctx;
    const working = ctx.mail;
    const refusing: MailSender = {
      send: () => Promise.reject(new Error('SMTP 421 try later')),
      close: async () => {},
    };
    ctx.mail = refusing;
    try {
      const changed = await post('/api/v1/profile/password', {
        token: person.token,
        json: {
          currentPassword: person.body.password,
          newPassword: 'N3wPassword',
          confirmPassword: 'N3wPassword',
        },
      });
      expect(changed.status).toBe(200);
      await sendNotices();
      const [queued] = await ctx.db.query<{ attempts: number; last_error: string }>(
        'select attempts, last_error from account_notices where user_id = (select id from users where email = $1)',
        [person.body.email],
      );
      expect(queued).toMatchObject({ attempts: 1, last_error: 'SMTP 421 try later' });
    } finally {
      ctx.mail = working;
    }
    await sendNotices();
    expect(messagesTo(person.body.email!)).toHaveLength(0);
    clock.advance(30_000);
    await sendNotices();
    expect(messagesTo(person.body.email!)).toHaveLength(1);
  });

  it('gives up after 8 attempts and deletes the failed notice a month later', async () => {
    const person = await registerConfirmed(suite.server);
    const ctx = suite.server.ctx;
    const working = ctx.mail;
    ctx.mail = {
      send: () => Promise.reject(new Error('SMTP 550 mailbox unavailable')),
      close: async () => {},
    };
    const rowOf = async () =>
      (
        await ctx.db.query<{ attempts: number; next_attempt_at: Date | null }>(
          `select attempts, next_attempt_at from account_notices
            where user_id = (select id from users where email = $1)`,
          [person.body.email],
        )
      )[0];
    try {
      await post('/api/v1/profile/password', {
        token: person.token,
        json: {
          currentPassword: person.body.password,
          newPassword: 'N3wPassword',
          confirmPassword: 'N3wPassword',
        },
      });
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        await sendNotices();
        clock.advance(retryDelayMs(attempt));
      }
    } finally {
      ctx.mail = working;
    }
    expect(await rowOf()).toEqual({ attempts: MAX_DELIVERY_ATTEMPTS, next_attempt_at: null });
    await sendNotices();
    expect(messagesTo(person.body.email!)).toHaveLength(0);

    // Kept for a month after it was queued (the attempts took about an hour of it), then deleted.
    clock.advance((DONE_DELIVERY_DAYS - 1) * 24 * 3_600_000);
    await sweepAuthRecords(ctx);
    expect(await rowOf()).toMatchObject({ attempts: MAX_DELIVERY_ATTEMPTS });
    clock.advance(24 * 3_600_000);
    await sweepAuthRecords(ctx);
    expect(await rowOf()).toBeUndefined();
  });
});
