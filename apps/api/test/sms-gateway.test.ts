import { createServer } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import {
  createSmsSender,
  OutboxSmsSender,
  SmsGatewayError,
  TwilioSmsSender,
} from '../src/lib/sms/index.ts';
import { testConfig } from './harness.ts';
import { startTwilioServer } from './twilio-server.ts';

const ACCOUNT = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'tw-auth-token-5e1f',
};
const CODE_TEXT = 'رمز التحقق في تنقين: 482913';

/** The sender's lines as the server's JSON log has them (pino), parsed. */
function jsonLog() {
  const raw: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
  return {
    log,
    raw,
    get lines() {
      return raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
  };
}

describe("SMS through Twilio's Messages API (a local server that speaks it)", () => {
  let twilio: Awaited<ReturnType<typeof startTwilioServer>>;
  beforeAll(async () => {
    twilio = await startTwilioServer(ACCOUNT);
  });
  afterAll(() => twilio.close());

  const sender = (log: pino.Logger, options = {}, settings: Partial<typeof ACCOUNT> = {}) =>
    new TwilioSmsSender(
      { ...ACCOUNT, ...settings, from: 'Tanqin', apiUrl: `${twilio.url}/` },
      log,
      { backoffMs: 1, ...options },
    );

  it('posts To in E.164, From and Body with basic auth, and logs the sid and status, not the text', async () => {
    const out = jsonLog();
    const before = twilio.requests.length;
    await sender(out.log).send({ to: '0551234567', text: CODE_TEXT });

    expect(twilio.requests.slice(before)).toEqual([
      {
        method: 'POST',
        path: `/2010-04-01/Accounts/${ACCOUNT.accountSid}/Messages.json`,
        contentType: 'application/x-www-form-urlencoded',
        auth: { user: ACCOUNT.accountSid, password: ACCOUNT.authToken },
        form: { To: '+966551234567', From: 'Tanqin', Body: CODE_TEXT },
      },
    ]);
    const { sid } = twilio.accepted.at(-1)!;
    expect(out.lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'sms accepted by the gateway',
        provider: 'twilio',
        sid,
        status: 'queued',
        to: '05******67',
        attempt: 1,
      }),
    ]);
    const text = out.raw.join('');
    for (const secret of ['482913', ACCOUNT.authToken, '0551234567', '966551234567']) {
      expect(text).not.toContain(secret);
    }
  });

  it('sends through a Messaging Service when SMS_FROM is one (MG…)', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await new TwilioSmsSender(
      { ...ACCOUNT, from: service, apiUrl: twilio.url },
      jsonLog().log,
    ).send({ to: '+971501234567', text: 'hello' });
    expect(twilio.requests.at(-1)!.form).toEqual({
      To: '+971501234567',
      MessagingServiceSid: service,
      Body: 'hello',
    });
  });

  it('tries again after 429 (honouring Retry-After) and 500, then logs the message it sent', async () => {
    twilio.answerNext(
      { status: 429, code: 20429, message: 'Too Many Requests', retryAfter: 0 },
      { status: 500, code: 20500, message: 'An internal server error has occurred' },
    );
    const out = jsonLog();
    const before = twilio.requests.length;
    await sender(out.log).send({ to: '0551234567', text: CODE_TEXT });

    expect(twilio.requests.length - before).toBe(3);
    expect(
      out.lines.map(({ level, attempt, status, code }) => ({ level, attempt, status, code })),
    ).toEqual([
      { level: 40, attempt: 1, status: 429, code: 20429 },
      { level: 40, attempt: 2, status: 500, code: 20500 },
      { level: 30, attempt: 3, status: 'queued', code: undefined },
    ]);
    expect(out.lines[2]!.sid).toBe(twilio.accepted.at(-1)!.sid);
    // Twilio's Retry-After (0 s), then the backoff (1 ms doubled for the second wait).
    expect(out.lines.slice(0, 2).map((line) => line.retryInMs)).toEqual([0, 2]);
    expect(out.lines[0]!.msg).toBe('sms gateway failed, trying again');
  });

  it("does not retry Twilio's 400, and says why in the error and the log", async () => {
    twilio.answerNext({
      status: 400,
      code: 21408,
      message:
        'Permission to send an SMS has not been enabled for the region indicated by the To number',
    });
    const out = jsonLog();
    const before = twilio.requests.length;
    const error = await sender(out.log)
      .send({ to: '0551234567', text: CODE_TEXT })
      .catch((caught: unknown) => caught);

    expect(twilio.requests.length - before).toBe(1);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect(error).toMatchObject({ status: 400, code: 21408, retryable: false });
    expect((error as Error).message).toBe(
      'SMS gateway refused the message: HTTP 400, Twilio error 21408: Permission to send an SMS has not been enabled for the region indicated by the To number',
    );
    expect(out.lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'sms not sent', status: 400, code: 21408 }),
    ]);
    expect(out.raw.join('')).not.toContain('482913');
  });

  it('does not retry wrong credentials (401, Twilio error 20003)', async () => {
    const before = twilio.requests.length;
    const error = await sender(jsonLog().log, {}, { authToken: 'wrong' })
      .send({ to: '0551234567', text: CODE_TEXT })
      .catch((caught: unknown) => caught);
    expect(twilio.requests.length - before).toBe(1);
    expect(error).toMatchObject({ status: 401, code: 20003, retryable: false });
    expect((error as Error).message).not.toContain('wrong');
  });

  it('gives up after its attempts when the gateway keeps failing, and the error says so', async () => {
    const busy = { status: 503, code: 20503, message: 'Service unavailable' };
    twilio.answerNext(busy, busy, busy);
    const out = jsonLog();
    const before = twilio.requests.length;
    const error = await sender(out.log, { attempts: 3 })
      .send({ to: '0551234567', text: CODE_TEXT })
      .catch((caught: unknown) => caught);
    expect(twilio.requests.length - before).toBe(3);
    expect(error).toMatchObject({ status: 503, code: 20503, retryable: true });
    expect(out.lines.map((line) => line.level)).toEqual([40, 40, 50]);
  });

  it('gives each attempt its timeout when the gateway does not answer', async () => {
    twilio.answerNext('hang', 'hang');
    const out = jsonLog();
    const before = twilio.requests.length;
    const started = performance.now();
    const error = await sender(out.log, { attempts: 2, timeoutMs: 150 })
      .send({ to: '0551234567', text: CODE_TEXT })
      .catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(twilio.requests.length - before).toBe(2);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toBe('SMS gateway did not answer within 150 ms');
  });

  it('gives up on an attempt at its timeout however much garbage is collected meanwhile', async () => {
    // Node 20 lost a fetch's AbortSignal.any([AbortSignal.timeout(...)]) at a garbage collection,
    // and the attempt hung for good (nodejs/node#55428): the sender's deadline is its own timer.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 20);
    twilio.answerNext('hang');
    const started = performance.now();
    try {
      const error = await sender(jsonLog().log, { attempts: 1, timeoutMs: 300 })
        .send({ to: '0551234567', text: CODE_TEXT })
        .catch((caught: unknown) => caught);
      expect((error as Error).message).toBe('SMS gateway did not answer within 300 ms');
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      clearInterval(collecting);
    }
  });

  it('tries again when the gateway cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const out = jsonLog();
    const error = await new TwilioSmsSender(
      { ...ACCOUNT, from: 'Tanqin', apiUrl: `http://127.0.0.1:${port}` },
      out.log,
      { attempts: 2, backoffMs: 1 },
    )
      .send({ to: '0551234567', text: CODE_TEXT })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/^SMS gateway unreachable: .*ECONNREFUSED/);
    expect(out.lines.map((line) => line.attempt)).toEqual([1, 2]);
  });

  it('refuses a number it cannot put in international form, without a request', async () => {
    const before = twilio.requests.length;
    await expect(sender(jsonLog().log).send({ to: '12345', text: 'x' })).rejects.toMatchObject({
      retryable: false,
    });
    expect(twilio.requests.length).toBe(before);
  });
});

describe('the SMS settings', () => {
  const twilio = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT.accountSid,
    TWILIO_AUTH_TOKEN: ACCOUNT.authToken,
    SMS_FROM: 'Tanqin',
  };

  it('choose Twilio with SMS_PROVIDER=twilio (api.twilio.com unless TWILIO_API_URL), else the outbox', () => {
    const config = testConfig(twilio);
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: ACCOUNT.accountSid,
      authToken: ACCOUNT.authToken,
      from: 'Tanqin',
      apiUrl: 'https://api.twilio.com',
    });
    expect(createSmsSender(config, systemClock, jsonLog().log)).toBeInstanceOf(TwilioSmsSender);
    const outbox = testConfig();
    expect(outbox.sms).toBeUndefined();
    expect(createSmsSender(outbox, systemClock)).toBeInstanceOf(OutboxSmsSender);
  });

  it('refuse a provider it does not know, or Twilio without its account, token or sender', () => {
    expect(() => testConfig({ SMS_PROVIDER: 'unifonic' })).toThrow(/SMS_PROVIDER/);
    for (const missing of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM']) {
      expect(() => testConfig({ ...twilio, [missing]: '' }), missing).toThrow(missing);
    }
  });

  it('send the token over https only in production (a local test server aside)', () => {
    const production = {
      ...twilio,
      NODE_ENV: 'production',
      AUDIT_SIGNING_KEY:
        'PRIVATE+KEY+bench.tanqin/audit+87847a8b+Aem1aiAettEDVWeqy2OVSE9FvDgPVf4VZHKpUCNRU0nI',
      IDENTITY_ISSUER: 'https://id.example',
      IDENTITY_CLIENT_ID: 'c',
      IDENTITY_CLIENT_SECRET: 's',
      // The rest production requires (docs/operations/configuration.md).
      JWT_SECRET: 'oIdtLmLuLKCXU7IhKcZXS3aDVUbXjdgHi/UlPVPVYdI=',
      TOKEN_PEPPER: 'jWYUHL+cgh53RH3O4QZ6TU9+MiZgkXjmetfR6rfTHCs=',
      PUBLIC_URL: 'https://tanqin.example',
      EMBEDDED_DATABASE: 'true',
      MESSAGES_TO_OUTBOX: 'true',
    };
    expect(() => testConfig({ ...production, TWILIO_API_URL: 'http://sms.example' })).toThrow(
      /TWILIO_API_URL must be https/,
    );
    const local = testConfig({ ...production, TWILIO_API_URL: 'http://127.0.0.1:4010' });
    expect(local.sms?.apiUrl).toBe('http://127.0.0.1:4010');
  });
});
