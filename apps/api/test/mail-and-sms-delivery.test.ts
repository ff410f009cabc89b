import { passwordResetMessage } from '@tanqin/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SmtpMailSender } from '../src/lib/mail/index.ts';
import { TwilioSmsSender, toE164 } from '../src/lib/sms/index.ts';
import { deliverDueAccountNotices } from '../src/modules/account-notices/account-notices.service.ts';
import { createOrganization, request, startTestServer, type TestServer } from './harness.ts';
import { register } from './individuals-helpers.ts';
import { startSmtpServer } from './smtp-server.ts';
import { startTwilioServer } from './twilio-server.ts';

const TWILIO = { accountSid: `AC${'fedcba9876543210'.repeat(2)}`, authToken: 'tw-token-9d2c71' };

/*
 * The messages leave the server for real: mail through SMTP_URL to an SMTP server the test starts
 * (the `smtp-server` package, AUTH required) and SMS through SMS_PROVIDER=twilio to a local server
 * speaking Twilio's Messages API. One flow: a forgotten password (the link by mail), the reset
 * (the security notice by mail and SMS).
 */
describe('mail through a real SMTP server and SMS through the Twilio API', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioServer>>;
  let server: TestServer;
  const log: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'tanqin', password: 'smtp-pass-41c8' });
    twilio = await startTwilioServer(TWILIO);
    server = await startTestServer('pglite', {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Tanqin <no-reply@tanqin.test>',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        SMS_FROM: 'Tanqin',
        TWILIO_API_URL: twilio.url,
        LOG_LEVEL: 'info',
      },
      app: { logStream: { write: (line: string) => void log.push(line) } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await twilio?.close();
    await smtp?.close();
  });

  it('mails the reset link over SMTP, then the notice of the reset by mail and by SMS', async () => {
    const { admin } = await createOrganization(server.baseUrl);
    await deliverDueAccountNotices(server.ctx); // the notices of the sign-up's first sign-in
    const smsLines = () => log.filter((line) => line.includes('"provider":"twilio"'));
    expect(twilio.accepted).toEqual([]);
    const email = admin.email.toLowerCase();
    const resetMail = passwordResetMessage('', 30).subject;
    const mailsTo = (subject: string) =>
      smtp.received.filter((m) => m.envelopeTo.includes(email) && m.headers.subject === subject);

    const forgot = await request(server.baseUrl, 'POST', '/api/v1/auth/forgot-password', {
      json: { email: admin.email },
    });
    expect(forgot.status).toBe(202);
    // Sent after the answer (the answer must not tell that the account exists).
    await vi.waitFor(() => expect(mailsTo(resetMail)).toHaveLength(1), { timeout: 10_000 });
    const [mail] = mailsTo(resetMail);
    expect(mail).toMatchObject({
      envelopeFrom: 'no-reply@tanqin.test',
      envelopeTo: [email],
      headers: { from: 'Tanqin <no-reply@tanqin.test>', to: email, subject: resetMail },
    });
    const link = `${server.baseUrl}/forgot-password#token=`;
    expect(mail!.text).toContain('طلبت إعادة تعيين كلمة المرور');
    expect(mail!.text).toContain('You asked to reset your password');
    const token = mail!.text.split(link)[1]!.split('\n')[0]!;

    const reset = await request(server.baseUrl, 'POST', '/api/v1/auth/reset-password', {
      json: { token, password: 'N3wPassword!x', confirmPassword: 'N3wPassword!x' },
    });
    expect(reset.status).toBe(200);
    const queued = await server.db.query<{ channel: string; subject: string; body: string }>(
      'select channel, subject, body from account_notices order by channel',
    );
    expect(queued.map((row) => row.channel)).toEqual(['email', 'sms']);
    const received = smtp.received.length;

    expect(await deliverDueAccountNotices(server.ctx)).toBe(2);
    expect(smtp.received.slice(received)).toEqual([
      expect.objectContaining({
        envelopeTo: [email],
        headers: expect.objectContaining({ subject: queued[0]!.subject }),
        text: queued[0]!.body,
      }),
    ]);
    expect(twilio.accepted).toEqual([
      {
        sid: expect.stringMatching(/^SM/),
        to: '+966551234567',
        from: 'Tanqin',
        body: queued[1]!.body,
      },
    ]);
    expect(await server.db.query('select 1 from account_notices')).toHaveLength(0);

    expect(smsLines().map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        msg: 'sms accepted by the gateway',
        sid: twilio.accepted[0]!.sid,
        status: 'queued',
        to: '05******67',
      }),
    ]);
    expect(log.join('')).not.toContain(TWILIO.authToken);
  });

  it('answers a registration while the SMS gateway does not answer, and the code still goes once it does', async () => {
    // A gateway that takes each attempt 7 s before giving up (Twilio's is 10 s, three times):
    // the person's request waits at most CODE_SEND_WAIT_MS (5 s) for it, then answers.
    const lines: string[] = [];
    const slow = new TwilioSmsSender(
      server.ctx.config.sms!,
      pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      { timeoutMs: 7_000, attempts: 2, backoffMs: 50 },
    );
    const previous = server.ctx.sms;
    server.ctx.sms = slow;
    try {
      twilio.answerNext('hang');
      const asked = twilio.requests.length;
      const person = await register(server);
      // Answered while the first attempt still hangs: nothing accepted for this phone yet.
      expect(twilio.requests.length).toBe(asked + 1);
      const toThisPhone = () =>
        twilio.accepted.filter((message) => message.to === toE164(person.body.phoneNumber!));
      expect(toThisPhone()).toEqual([]);
      // The send went on after the answer: the second attempt delivers the code.
      await vi.waitFor(() => expect(toThisPhone()).toHaveLength(1), { timeout: 15_000 });
      const code = /\b(\d{6})\b/.exec(toThisPhone()[0]!.body)?.[1];
      const confirmed = await request(server.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
        token: person.token,
        json: { method: 'sms', code },
      });
      expect(confirmed.status).toBe(200);
      expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
        'sms gateway failed, trying again',
        'sms accepted by the gateway',
      ]);
    } finally {
      server.ctx.sms = previous;
      await slow.close();
    }
  });

  it('fails a mail the SMTP server refuses to authenticate, with its reason, and delivers nothing', async () => {
    const received = smtp.received.length;
    const wrong = new SmtpMailSender(
      smtp.url.replace('smtp-pass-41c8', 'wrong-pass'),
      'Tanqin <no-reply@tanqin.test>',
    );
    await expect(
      wrong.send({ to: 'someone@example.sa', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({
      code: 'EAUTH',
      message: expect.stringContaining('Invalid username or password'),
    });
    await wrong.close();
    expect(smtp.received.length).toBe(received);
  });
});
