import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { passwordResetMessage } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogOrigin } from '../src/config.ts';
import { generateNoteSigner } from '../src/lib/note-signer.ts';
import { emptyPostgresDatabase, request } from '../test/harness.ts';
import { freshIp, fromIp, registrationBody } from '../test/individuals-helpers.ts';
import { freePort } from '../test/server-process.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { startTwilioServer } from '../test/twilio-server.ts';
import { envFileFor, startUnit, type UnitProcess } from './deploy-files.ts';

/*
 * Issue 31.5 in production mode: a server process started as deploy/systemd/tanqin@.service
 * starts it, with /etc/tanqin/env from deploy/tanqin.env.example, sending mail through SMTP_URL
 * to an SMTP server the test starts (the `smtp-server` package, AUTH required) and SMS through
 * SMS_PROVIDER=twilio to a local server speaking Twilio's Messages API; no MESSAGES_TO_OUTBOX.
 * A person registers and confirms the phone with the SMS code, resets the password with the
 * mailed link; the gateway failing once is tried again; both providers down answer the person as
 * docs/operations/mail-and-sms.md promises (no 5xx). The log is JSON and never holds a code, a
 * link or a phone in clear.
 */

const secret = () => randomBytes(32).toString('base64');
const PUBLIC_URL = 'https://tanqin.ops-messages.invalid';
const TWILIO = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: secret() };
const SMTP = { user: 'tanqin', password: randomBytes(12).toString('hex') };
const SMS_FROM = 'Tanqin';

/** Each line of the process's output, parsed: every one must be JSON. */
function logLines(unit: UnitProcess) {
  return unit
    .output()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

/** `digits` on its own in `text` (not inside a longer number, as a timestamp is). */
const holdsNumber = (text: string, digits: string) =>
  new RegExp(`(?<![0-9])${digits}(?![0-9])`).test(text);

/** A registration of a new person with the phone `phoneNumber` (`05XXXXXXXX`). */
const person = (phoneNumber: string) =>
  registrationBody({ phoneNumber }) as Record<string, string> & {
    phoneNumber: string;
    email: string;
  };

/** The 6-digit code of an SMS text. */
const codeIn = (body: string | undefined) => body?.match(/\b(\d{6})\b/)?.[1];

describe('mail through SMTP and SMS through Twilio from a production server process', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-ops-messages-'));
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioServer>>;
  let unit: UnitProcess;
  let baseUrl: string;
  /** Every status the process answered the person: none may be a 5xx. */
  const statuses: number[] = [];

  const call = async (
    method: string,
    urlPath: string,
    options: Parameters<typeof request>[3] = {},
  ) => {
    const answer = await request(baseUrl, method, urlPath, options);
    statuses.push(answer.status);
    return answer;
  };
  const smsTo = (phone: string) =>
    twilio.accepted.filter((message) => message.to === `+966${phone.slice(1)}`);

  beforeAll(async () => {
    database = await emptyPostgresDatabase('tanqin_msg');
    smtp = await startSmtpServer(SMTP);
    twilio = await startTwilioServer(TWILIO);
    const { env } = envFileFor(
      {
        PUBLIC_URL,
        DATABASE_URL: database!.url,
        DATA_DIR: dataDir,
        JWT_SECRET: secret(),
        TOKEN_PEPPER: secret(),
        OPERATOR_TOKEN: secret(),
        AUDIT_SIGNING_KEY: generateNoteSigner(auditLogOrigin(PUBLIC_URL)),
        // Contacted only when a person proves an identity, which deployment.test.ts walks.
        IDENTITY_ISSUER: 'https://identity.ops-messages.invalid',
        IDENTITY_CLIENT_ID: 'tanqin-ops-messages',
        IDENTITY_CLIENT_SECRET: secret(),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Tanqin <no-reply@tanqin.example.sa>',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        SMS_FROM,
      },
      // One process: nothing to share through Redis (deployment.test.ts and
      // redis-outage.test.ts run it); its limits are kept in PostgreSQL.
      { REDIS_URL: 'one process' },
      // Twilio's address for this machine: http is allowed to a local address only.
      { TWILIO_API_URL: twilio.url },
    );
    unit = startUnit(await freePort(), env);
    await unit.ready;
    baseUrl = `http://127.0.0.1:${unit.port}`;
  }, 180_000);

  afterAll(async () => {
    if (unit && unit.child.exitCode === null) unit.child.kill('SIGKILL');
    await unit?.exited;
    await twilio?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('sends the registration code by SMS and the reset link by mail, and logs neither', async () => {
    expect(unit.output()).not.toContain('MESSAGES_TO_OUTBOX');
    const headers = fromIp(freshIp());
    const body = person('0551234567');
    const registered = await call('POST', '/api/v1/auth/register/individual', {
      json: body,
      headers,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.verification).toMatchObject({ destination_hint: '05******67' });
    // The code went out before the answer, to Twilio, from the sender id.
    const [sms] = smsTo(body.phoneNumber);
    expect(sms).toMatchObject({ to: '+966551234567', from: SMS_FROM });
    const code = codeIn(sms!.body)!;
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await call('POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code },
      headers,
    });
    expect(confirmed.status).toBe(200);

    const forgot = await call('POST', '/api/v1/auth/forgot-password', {
      json: { email: body.email },
      headers,
    });
    expect(forgot.status).toBe(202);
    const subject = passwordResetMessage('', 30, 'ar').subject;
    const resetMails = () => smtp.received.filter((mail) => mail.envelopeTo.includes(body.email));
    await expect.poll(() => resetMails().length, { timeout: 15_000, interval: 50 }).toBe(1);
    const [mail] = resetMails();
    expect(mail).toMatchObject({
      envelopeFrom: 'no-reply@tanqin.example.sa',
      headers: expect.objectContaining({ to: body.email, subject }),
    });
    const link = mail!.text.match(/https:\/\/\S+\/forgot-password#token=(\S+)/);
    expect(link?.[0].startsWith(`${PUBLIC_URL}/forgot-password#token=`)).toBe(true);
    const token = link![1]!;
    // What the page does with the link: asks whether it works, then sets the new password.
    const check = await call('POST', '/api/v1/auth/reset-password/check', { json: { token } });
    expect(check.body).toMatchObject({ valid: true });
    const reset = await call('POST', '/api/v1/auth/reset-password', {
      json: { token, password: 'N3wPassw0rd!x', confirmPassword: 'N3wPassw0rd!x' },
      headers,
    });
    expect(reset.status).toBe(200);
    const login = await call('POST', '/api/v1/auth/login', {
      json: { email: body.email, password: 'N3wPassw0rd!x' },
      headers,
    });
    expect(login.status).toBe(200);
    // The reset's security notice, sent by the background job: by SMS too.
    await expect.poll(() => smsTo(body.phoneNumber).length, { timeout: 15_000 }).toBe(2);

    const accepted = () =>
      logLines(unit).filter((line) => line.msg === 'sms accepted by the gateway');
    // Written once the gateway's answer is read, a moment after it was sent.
    await expect.poll(() => accepted().length, { timeout: 5_000 }).toBe(2);
    expect(accepted()).toEqual(
      smsTo(body.phoneNumber).map((message) =>
        expect.objectContaining({
          provider: 'twilio',
          sid: message.sid,
          status: 'queued',
          to: '05******67',
          attempt: 1,
        }),
      ),
    );
    const log = unit.output();
    expect(holdsNumber(log, code)).toBe(false);
    for (const clear of [token, 'forgot-password#', '551234567', TWILIO.authToken, SMTP.password]) {
      expect(log).not.toContain(clear);
    }
  });

  it('tries the SMS gateway again after its 503, and the person gets the code', async () => {
    twilio.answerNext({ status: 503, code: 20503, message: 'Service Unavailable' });
    const before = twilio.requests.length;
    const headers = fromIp(freshIp());
    const body = person('0557654321');
    const registered = await call('POST', '/api/v1/auth/register/individual', {
      json: body,
      headers,
    });
    expect(registered.status).toBe(201);
    expect(twilio.requests.length - before).toBe(2);
    const [sms] = smsTo(body.phoneNumber);
    const confirmed = await call('POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code: codeIn(sms?.body) },
      headers,
    });
    expect(confirmed.status).toBe(200);
    const lines = logLines(unit).filter((line) => line.to === '05******21');
    expect(
      lines.map(({ level, msg, attempt, status, code }) => ({ level, msg, attempt, status, code })),
    ).toEqual([
      {
        level: 40,
        msg: 'sms gateway failed, trying again',
        attempt: 1,
        status: 503,
        code: 20503,
      },
      {
        level: 30,
        msg: 'sms accepted by the gateway',
        attempt: 2,
        status: 'queued',
        code: undefined,
      },
    ]);
    expect(lines[1]!.sid).toBe(sms!.sid);
    expect(holdsNumber(unit.output(), codeIn(sms?.body)!)).toBe(false);
  });

  it('answers the person as promised while the SMS gateway and the mail server are down', async () => {
    const twilioPort = twilio.port;
    const smtpPort = smtp.port;
    await twilio.close();
    await smtp.close();
    const from = logLines(unit).length;

    // A registration: the account is made and the answer says where the code went; the code
    // could not leave, which the log says (the person asks for a new one).
    const headers = fromIp(freshIp());
    const body = person('0550001122');
    const startedAt = Date.now();
    const registered = await call('POST', '/api/v1/auth/register/individual', {
      json: body,
      headers,
    });
    expect(registered.status).toBe(201);
    // Three attempts, 0.5 s and 1 s apart: the person is not kept waiting long.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    // A password reset: the same answer as always (it must not tell the account exists).
    const forgot = await call('POST', '/api/v1/auth/forgot-password', {
      json: { email: body.email },
      headers,
    });
    expect(forgot.status).toBe(202);
    const ready = await call('GET', '/api/v1/health/ready');
    expect(ready.status).toBe(200);

    const since = () => logLines(unit).slice(from);
    await expect
      .poll(() => since().some((line) => line.msg === 'password reset mail could not be sent'), {
        timeout: 15_000,
      })
      .toBe(true);
    const failures = since().filter(
      (line) => line.provider === 'twilio' || /could not be sent/.test(String(line.msg)),
    );
    expect(failures.map((line) => line.msg)).toEqual([
      'sms gateway failed, trying again',
      'sms gateway failed, trying again',
      'sms not sent',
      'confirmation code could not be sent',
      'password reset mail could not be sent',
    ]);
    expect(failures[2]).toMatchObject({
      provider: 'twilio',
      to: '05******22',
      attempt: 3,
      error: expect.stringMatching(/^SMS gateway unreachable: .*ECONNREFUSED/),
    });
    expect(JSON.stringify(failures[4])).toContain('ECONNREFUSED');
    const log = unit.output();
    expect(log).not.toContain('550001122');
    expect(log).not.toContain('forgot-password#');

    // Back at the same addresses: the process uses them again, no restart.
    twilio = await startTwilioServer(TWILIO, { port: twilioPort });
    smtp = await startSmtpServer(SMTP, { port: smtpPort });
    const next = person('0550003344');
    const again = await call('POST', '/api/v1/auth/register/individual', {
      json: next,
      headers: fromIp(freshIp()),
    });
    expect(again.status).toBe(201);
    expect(codeIn(smsTo(next.phoneNumber)[0]?.body)).toMatch(/^\d{6}$/);
    const forgotAgain = await call('POST', '/api/v1/auth/forgot-password', {
      json: { email: next.email },
      headers: fromIp(freshIp()),
    });
    expect(forgotAgain.status).toBe(202);
    await expect
      .poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(next.email)).length, {
        timeout: 15_000,
      })
      .toBe(1);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    logLines(unit);
  });
});
