import { readFileSync } from 'node:fs';
import { CONTACT_EMAIL, CONTACT_MESSAGES_PER_HOUR } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type OutboxEntry, outboxPath } from '../src/lib/mail/index.ts';
import type { MailMessage, MailSender } from '../src/lib/mail/mail-sender.ts';
import { databaseKinds, request, startTestServer, type TestServer } from './harness.ts';

const HOUR_MS = 60 * 60 * 1000;

const validMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'نورة القحطاني',
  email: 'noura@example.sa',
  subject: 'استفسار عن الأسعار',
  message: 'نرغب في معرفة طريقة الفوترة لجهة حكومية تستخدم تنقين.',
  ...overrides,
});

/** Each test speaks from its own address, so the hourly limit of one does not touch another. */
let address = 10;
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${address++}` });

class CapturingMail implements MailSender {
  sent: MailMessage[] = [];
  failing = false;
  async send(message: MailMessage) {
    if (this.failing) throw new Error('SMTP is down');
    this.sent.push(message);
  }
  async close() {}
}

describe.each(databaseKinds)('the contact form on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  const mail = new CapturingMail();
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(kind, {
      clock,
      env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
      app: { mail, logStream: { write: (line: string) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (body: unknown, headers: Record<string, string> = fromNewAddress()) =>
    request(server.baseUrl, 'POST', '/api/v1/contact', { json: body, headers });

  it('stores the message and mails it to the operator inbox (CONTACT_EMAIL by default)', async () => {
    const res = await send(validMessage({ locale: 'en', email: '  Noura@Example.sa ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, id: expect.any(String) });

    const [row] = await server.db.query<Record<string, unknown>>(
      'select name, email, subject, message, locale, created_at, mailed_at from contact_messages where id = $1',
      [res.body.id],
    );
    expect(row).toMatchObject({
      name: 'نورة القحطاني',
      email: 'Noura@Example.sa',
      subject: 'استفسار عن الأسعار',
      locale: 'en',
    });
    expect(new Date(row!.created_at as string).toISOString()).toBe(clock.now().toISOString());
    expect(row!.mailed_at).not.toBeNull();

    const mailed = mail.sent.at(-1)!;
    expect(mailed.to).toBe(CONTACT_EMAIL);
    expect(mailed.subject).toContain('استفسار عن الأسعار');
    expect(mailed.text).toContain('Noura@Example.sa');
    expect(mailed.text).toContain('نرغب في معرفة طريقة الفوترة');
    expect(mailed.text).toContain(res.body.id);
  });

  it('keeps the message when the mail fails, marked as not mailed', async () => {
    mail.failing = true;
    try {
      const res = await send(validMessage({ subject: 'البريد متوقف' }));
      expect(res.status).toBe(201);
      const [row] = await server.db.query<{ mailed_at: unknown }>(
        'select mailed_at from contact_messages where id = $1',
        [res.body.id],
      );
      expect(row!.mailed_at).toBeNull();
    } finally {
      mail.failing = false;
    }
  });

  it('logs no address of a contact form sender, where other routes log theirs', async () => {
    const sender = '203.0.113.250';
    const other = '203.0.113.251';
    mail.failing = true;
    try {
      const sent = await send(validMessage(), { 'x-forwarded-for': sender });
      expect(sent.status).toBe(201);
    } finally {
      mail.failing = false;
    }
    await request(server.baseUrl, 'GET', '/api/v1/health', {
      headers: { 'x-forwarded-for': other },
    });
    const lines = logLines.map((line) => JSON.parse(line));
    const contactLines = lines.filter((line) => line.req?.url === '/api/v1/contact');
    expect(contactLines.length).toBeGreaterThan(0);
    expect(contactLines.every((line) => line.req.remoteAddress === undefined)).toBe(true);
    // The mail failure is logged, and neither it nor any other line carries the address.
    expect(lines.some((line) => line.msg === 'contact mail failed')).toBe(true);
    expect(logLines.join('\n')).not.toContain(sender);
    // The capture sees addresses: the health check's is there.
    expect(
      lines.some((line) => line.req?.url === '/api/v1/health' && line.req.remoteAddress === other),
    ).toBe(true);
  });

  it('refuses bad input with each field named, in Arabic for the form, storing nothing', async () => {
    const countMessages = async () =>
      (
        await server.db.query<{ count: string }>(
          'select count(*)::text as count from contact_messages',
        )
      )[0]?.count;
    const before = await countMessages();
    const res = await send({ name: ' ', email: 'not-an-email', subject: '', message: 'قصير' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('validation_failed');
    const byPath = Object.fromEntries(
      (res.body.errors as Array<{ path: string; code: string }>).map((e) => [e.path, e.code]),
    );
    expect(byPath).toEqual({
      name: 'contactNameRequired',
      email: 'emailInvalid',
      subject: 'contactSubjectRequired',
      message: 'contactMessageMin',
    });
    expect(res.body.detail_ar).toBe('الاسم مطلوب');

    const tooLong = await send(validMessage({ message: 'ا'.repeat(5001) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      expect.objectContaining({ path: 'message', code: 'contactMessageTooLong' }),
    ]);
    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);

    expect(await countMessages()).toBe(before);
  });

  it(`refuses the ${CONTACT_MESSAGES_PER_HOUR + 1}th message of an hour from one address with 429, until the hour has passed`, async () => {
    const headers = fromNewAddress();
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
      expect((await send(validMessage({ subject: `رسالة ${i}` }), headers)).status).toBe(201);
      clock.advance(60_000);
    }
    const mailsBefore = mail.sent.length;
    const refused = await send(validMessage({ subject: 'رسالة زائدة' }), headers);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(refused.body.detail_ar).toBe('أرسلت رسائل كثيرة خلال ساعة، حاول مرة أخرى لاحقاً');
    // The first message leaves the window 55 minutes from now.
    expect(Number(refused.headers.get('retry-after'))).toBe(55 * 60);
    expect(mail.sent.length).toBe(mailsBefore);
    const stored = await server.db.query(
      "select 1 from contact_messages where subject = 'رسالة زائدة'",
    );
    expect(stored).toHaveLength(0);

    // Another address is not affected.
    expect((await send(validMessage())).status).toBe(201);
    // Once the oldest message is an hour old, one more is accepted.
    clock.advance(HOUR_MS - 5 * 60_000);
    expect((await send(validMessage({ subject: 'بعد ساعة' }), headers)).status).toBe(201);
  });
});

describe('the contact form without a mail server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { CONTACT_INBOX: 'ops@tanqin.example' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('appends the mail to the local outbox, addressed to CONTACT_INBOX', async () => {
    const res = await request(server.baseUrl, 'POST', '/api/v1/contact', {
      json: validMessage({ subject: 'عبر صندوق الصادر' }),
    });
    expect(res.status).toBe(201);
    const lines = readFileSync(outboxPath(server.ctx.config.dataDir), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as OutboxEntry);
    expect(lines).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'ops@tanqin.example',
        subject: expect.stringContaining('عبر صندوق الصادر'),
        text: expect.stringContaining('noura@example.sa'),
      }),
    ]);
  });
});
