import { TEST_NATIONAL_IDS } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { DONE_DELIVERY_DAYS, retryDelayMs } from '../src/lib/due-deliveries.ts';
import {
  type MailMessage,
  type MailSender,
  Outbox,
  OutboxMailSender,
  outboxPath,
} from '../src/lib/mail/index.ts';
import { appendAudit, auditShard } from '../src/modules/audit/audit.service.ts';
import { sweepAuthRecords } from '../src/modules/auth/auth-sweep.service.ts';
import {
  deliverNoticeMessages,
  MAX_NOTICE_MESSAGES_PER_MINUTE,
  queueNoticeMessages,
} from '../src/modules/person-notices/notice-delivery.ts';
import { discoverNotices } from '../src/modules/person-notices/notice-discovery.ts';
import { runPersonNotices } from '../src/modules/person-notices/person-notices.job.ts';
import {
  createIntegrator,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { nationalId, outbox } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

/** What a bank puts in the codes: no notice may carry any of it. */
const SECRET_DATA = { full_name: 'نورة عبدالله القحطاني', iban: 'SA0380000000608010167519' };

type Bank = Awaited<ReturnType<typeof createIntegrator>>;

/** Mail that fails while `failing` is set, else goes to the server's outbox (set after start). */
class FlakyMail implements MailSender {
  failing = false;
  target: MailSender | undefined;
  async send(message: MailMessage) {
    if (this.failing) throw new Error('SMTP server unavailable');
    await this.target!.send(message);
  }
  async close() {}
}

describe.each(databaseKinds)('a notice to the person on every use of their code on %s', (kind) => {
  const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
  const mail = new FlakyMail();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      clock,
      env: { TRUST_PROXY: 'true' },
      app: { mail },
    });
    mail.target = new OutboxMailSender(new Outbox(outboxPath(server.ctx.config.dataDir), clock));
  });
  afterAll(() => server.close());

  const issueFor = async (bank: Bank, id: string, data: Record<string, string> = SECRET_DATA) => {
    const res = await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: id },
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const use = async (bank: Bank, code: string) => {
    const res = await bank.call('POST', '/v1/tokens/verify', { token: code });
    expect(res.status).toBe(200);
  };
  /** A code's notice queued for a person's email and phone, the phone removed, then delivered. */
  const deliverAfterPhoneRemoved = async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    await issueFor(bank, person.nationalId);
    await discoverNotices(server.ctx);
    await queueNoticeMessages(server.ctx);
    await server.db.query('update users set phone = null where id = $1', [person.id]);
    await deliverNoticeMessages(server.ctx);
    return { person, bank };
  };
  const phoneOf = async (userId: string) =>
    (
      await server.db.query<{ phone: string }>('select phone from users where id = $1', [userId])
    )[0]!.phone;
  /** The notices (they link to the history) sent to these addresses. */
  const sentTo = (...addresses: string[]) =>
    outbox(server).filter(
      (entry) => addresses.includes(entry.to) && entry.text.includes(`${server.baseUrl}/dashboard`),
    );

  it('puts a notice of a use in the outbox within seconds, by the background job', async () => {
    const person = await createIndividual(server);
    const phone = await phoneOf(person.id);
    const bank = await createIntegrator(server.baseUrl);
    const code = await issueFor(bank, person.nationalId);
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email).map((entry) => entry.subject)).toEqual(['صدر رمز لك']);
    server.ctx.jobs.start();
    try {
      await use(bank, code);
      const since = performance.now();
      const used = () =>
        sentTo(person.email, phone).filter(
          (entry) => entry.text.includes('استخدمت') || entry.text.includes(' used '),
        );
      await expect.poll(() => used().length, { timeout: 5_000, interval: 50 }).toBe(2);
      expect(performance.now() - since).toBeLessThan(5_000);

      const email = used().find((entry) => entry.channel === 'email')!;
      const sms = used().find((entry) => entry.channel === 'sms')!;
      // Which body, when, which fields and a link to the history; in the person's language
      // (Arabic) only.
      expect(email.subject).toBe('استُخدم رمز صادر لك');
      expect(email.text).toContain(`«${bank.organization.name}»`);
      expect(email.text).not.toContain(' used ');
      // The fields by their labels, never their keys or values.
      expect(email.text).toContain('واطّلعت على: الاسم الكامل، رقم الآيبان.');
      expect(sms.text).toContain('واطّلعت على: الاسم الكامل، رقم الآيبان.');
      expect(email.text).toContain('26 نوفمبر 2026 في 1:00 م بتوقيت الرياض');
      expect(email.text).toContain(`${server.baseUrl}/dashboard`);
      expect(sms.text).toMatch(/^تنقين: استخدمت الجهة/);
      expect(sms.text).toContain(`${server.baseUrl}/dashboard`);
      // Never a value, never the code.
      for (const entry of [email, sms]) {
        expect(entry.text).not.toContain(SECRET_DATA.full_name);
        expect(entry.text).not.toContain(SECRET_DATA.iban);
        expect(entry.text).not.toContain(code);
        expect(entry.text).not.toContain(code.replaceAll('-', ''));
        expect(entry.text).not.toContain(person.nationalId);
        expect(entry.text).not.toMatch(/full_name|iban/);
      }
    } finally {
      await server.ctx.jobs.stop();
    }
  });

  it('tells a person in their profile’s language only: English after they switch to it', async () => {
    const person = await createIndividual(server);
    const english = await request(server.baseUrl, 'PUT', '/api/v1/profile/language', {
      token: person.token,
      json: { language: 'en' },
    });
    expect(english.status).toBe(200);
    const bank = await createIntegrator(server.baseUrl);
    await issueFor(bank, person.nationalId);
    await runPersonNotices(server.ctx);
    const sent = sentTo(person.email, await phoneOf(person.id));
    expect(sent.map((entry) => entry.channel).sort()).toEqual(['email', 'sms']);
    const email = sent.find((entry) => entry.channel === 'email')!;
    expect(email.subject).toBe('A code was issued for you');
    expect(email.text).toContain(`${bank.organization.name} issued a code for you on`);
    expect(email.text).toContain('covering: Full name, IBAN.');
    for (const entry of sent) {
      expect(entry.text.replace(bank.organization.name, '')).not.toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('tells only the account that proved the national id, never one that only registered it', async () => {
    const id = nationalId();
    const squatter = await createIndividual(server, id, { prove: false });
    const bank = await createIntegrator(server.baseUrl);
    await use(bank, await issueFor(bank, id));
    await runPersonNotices(server.ctx);
    expect(sentTo(squatter.email, await phoneOf(squatter.id))).toEqual([]);

    // The holder proves the id: from then on, they are told; the other account still is not.
    const holder = await createIndividual(server, id);
    await use(bank, await issueFor(bank, id));
    await runPersonNotices(server.ctx);
    expect(sentTo(holder.email).map((entry) => entry.subject)).toEqual([
      'نشاط على الرموز الصادرة لك',
    ]);
    expect(sentTo(holder.email)[0]!.text).toContain('إشعاران');
    expect(sentTo(squatter.email, await phoneOf(squatter.id))).toEqual([]);
  });

  it('follows the preferences: email, SMS, or the app only', async () => {
    const person = await createIndividual(server);
    const phone = await phoneOf(person.id);
    const bank = await createIntegrator(server.baseUrl);
    const setPreferences = (email: boolean, sms: boolean) =>
      server.db.query('update users set notify_email = $2, notify_sms = $3 where id = $1', [
        person.id,
        email,
        sms,
      ]);

    await setPreferences(true, false);
    await issueFor(bank, person.nationalId);
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email, phone).map((entry) => entry.channel)).toEqual(['email']);

    await setPreferences(false, true);
    clock.advance(60_000);
    await issueFor(bank, person.nationalId);
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email, phone).map((entry) => entry.channel)).toEqual(['email', 'sms']);

    await setPreferences(false, false);
    clock.advance(60_000);
    await issueFor(bank, person.nationalId);
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email, phone)).toHaveLength(2);
    const [notices] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from person_notices where user_id = $1',
      [person.id],
    );
    expect(notices!.count).toBe(3);
  });

  it('sends a few messages a minute, then one digest, never one per event', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    await runPersonNotices(server.ctx);
    const mails = () => sentTo(person.email);
    for (let n = 0; n < 12; n++) {
      await use(bank, await issueFor(bank, person.nationalId, { full_name: 'x' }));
      await runPersonNotices(server.ctx);
    }
    expect(mails()).toHaveLength(MAX_NOTICE_MESSAGES_PER_MINUTE);
    clock.advance(61_000);
    await runPersonNotices(server.ctx);
    expect(mails()).toHaveLength(MAX_NOTICE_MESSAGES_PER_MINUTE + 1);
    const digest = mails().at(-1)!.text;
    expect(digest).toMatch(/نشاط على الرموز الصادرة لك: \d+ إشعار/);
    expect(digest).toContain('وباقي الإشعارات في سجلّك.');
    // 24 events in all (12 issues, 12 uses), each told once.
    const told = await server.db.query<{ n: number }>(
      `select count(*)::int as n from person_notices where user_id = $1 and message_id is not null`,
      [person.id],
    );
    expect(told[0]!.n).toBe(24);
  });

  it('retries a failed send, as the organisations notifications do', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    mail.failing = true;
    try {
      await issueFor(bank, person.nationalId);
      await runPersonNotices(server.ctx);
    } finally {
      mail.failing = false;
    }
    expect(sentTo(person.email)).toEqual([]);
    const [failed] = await server.db.query<{
      status: string;
      attempts: number;
      last_error: string;
    }>(
      `select status, attempts, last_error from person_notice_deliveries
        where user_id = $1 and channel = 'email'`,
      [person.id],
    );
    expect(failed).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: 'SMTP server unavailable',
    });
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email)).toEqual([]);
    clock.advance(retryDelayMs(1));
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email).map((entry) => entry.subject)).toEqual(['صدر رمز لك']);
  });

  it('gives up at once on a text message to a phone removed since it was queued', async () => {
    const { person } = await deliverAfterPhoneRemoved();
    const deliveries = await server.db.query<{ channel: string; status: string; attempts: number }>(
      'select channel, status, attempts from person_notice_deliveries where user_id = $1 order by channel',
      [person.id],
    );
    expect(deliveries).toEqual([
      { channel: 'email', status: 'delivered', attempts: 1 },
      { channel: 'sms', status: 'failed', attempts: 1 },
    ]);
  });

  it('tells nothing of test-mode codes, and nothing twice when the events are read again', async () => {
    const person = await createIndividual(server);
    const testBank = await createIntegrator(server.baseUrl, { mode: 'test' });
    // A test key cannot name the person at all, only a test national id.
    const refused = await testBank.call('POST', '/v1/tokens/generate', {
      data: SECRET_DATA,
      subject: { national_id: person.nationalId },
    });
    expect(refused.body.code).toBe('test_national_id_required');
    await use(testBank, await issueFor(testBank, TEST_NATIONAL_IDS[0]!));
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email)).toEqual([]);

    const bank = await createIntegrator(server.baseUrl);
    await use(bank, await issueFor(bank, person.nationalId));
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email)).toHaveLength(1);
    // Every chain read again from its start (as two overlapping runs would): nothing new is sent.
    await server.db.query('update person_notice_cursors set last_seq = 0');
    clock.advance(61_000);
    await runPersonNotices(server.ctx);
    expect(sentTo(person.email)).toHaveLength(1);
  });

  it('lists the unread notices in the app while notify_app is on, until marked read', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const notices = () =>
      request(server.baseUrl, 'GET', '/api/v1/me/notices', { token: person.token });
    expect((await notices()).body).toEqual({ notices: [], unread: 0 });

    await use(bank, await issueFor(bank, person.nationalId));
    await runPersonNotices(server.ctx);
    const listed = await notices();
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    expect(listed.body.unread).toBe(2);
    expect(listed.body.notices.map((n: { event: string }) => n.event).sort()).toEqual([
      'issued',
      'used',
    ]);
    expect(listed.body.notices[0]).toMatchObject({
      organization_name: bank.organization.name,
      fields: ['full_name', 'iban'],
    });
    expect(JSON.stringify(listed.body)).not.toContain(SECRET_DATA.iban);

    await server.db.query('update users set notify_app = false where id = $1', [person.id]);
    expect((await notices()).body).toEqual({ notices: [], unread: 0 });
    await server.db.query('update users set notify_app = true where id = $1', [person.id]);
    expect((await notices()).body.unread).toBe(2);

    const read = await request(server.baseUrl, 'POST', '/api/v1/me/notices/read', {
      token: person.token,
    });
    expect(read.body).toEqual({ success: true, read: 2 });
    expect((await notices()).body).toEqual({ notices: [], unread: 0 });
  });

  it('shows no notices to an account whose identity is not proven, nor to another person', async () => {
    const unproven = await createIndividual(server, nationalId(), { prove: false });
    const refused = await request(server.baseUrl, 'GET', '/api/v1/me/notices', {
      token: unproven.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('identity_unverified');

    const owner = await createIndividual(server);
    const other = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    await issueFor(bank, owner.nationalId);
    await runPersonNotices(server.ctx);
    const others = await request(server.baseUrl, 'GET', '/api/v1/me/notices', {
      token: other.token,
    });
    expect(others.body).toEqual({ notices: [], unread: 0 });
    await request(server.baseUrl, 'POST', '/api/v1/me/notices/read', { token: other.token });
    const owners = await request(server.baseUrl, 'GET', '/api/v1/me/notices', {
      token: owner.token,
    });
    expect(owners.body.unread).toBe(1);
  });

  // Two transactions at once need a server: PGlite has one connection.
  if (kind === 'postgres')
    it('tells a use whose transaction commits late, after the job has read past later uses', async () => {
      const person = await createIndividual(server);
      const bank = await createIntegrator(server.baseUrl);
      const issue = async () => {
        const res = await bank.call('POST', '/v1/tokens/generate', {
          data: { full_name: 'x' },
          subject: { national_id: person.nationalId },
        });
        return { code: res.body.token as string, id: res.body.token_id as string };
      };
      const late = await issue();
      let early = await issue();
      while (auditShard(early.id) === auditShard(late.id)) early = await issue();
      await runPersonNotices(server.ctx);
      const told = async () =>
        (
          await server.db.query<{ token_id: string }>(
            `select token_id from person_notices where user_id = $1 and event = 'used'`,
            [person.id],
          )
        ).map((row) => row.token_id);

      // The late use is appended to its chain as the product appends it, in a transaction that
      // commits only after the job has read the early use, committed meanwhile on another chain.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let appended = () => {};
      const isAppended = new Promise<void>((resolve) => {
        appended = resolve;
      });
      const lateUse = server.db.transaction(async (tx) => {
        await appendAudit(tx, [
          {
            organizationId: bank.organization.id,
            tokenId: late.id,
            action: 'use',
            actorOrganizationId: bank.organization.id,
            actor: 'test',
            fields: ['full_name'],
            createdAt: clock.now(),
          },
        ]);
        appended();
        await held;
      });
      await isAppended;
      await use(bank, early.code);
      await runPersonNotices(server.ctx);
      expect(await told()).toEqual([early.id]);

      release();
      await lateUse;
      await runPersonNotices(server.ctx);
      expect((await told()).sort()).toEqual([early.id, late.id].sort());
    });

  // Last: it moves the shared clock a month on.
  it('deletes a delivered or failed delivery a month after it was queued, never a pending one', async () => {
    const { person, bank } = await deliverAfterPhoneRemoved();
    // A second message whose mail fails: it waits for its next attempt.
    clock.advance(61_000);
    mail.failing = true;
    try {
      await issueFor(bank, person.nationalId);
      await runPersonNotices(server.ctx);
    } finally {
      mail.failing = false;
    }
    const deliveries = async () =>
      (
        await server.db.query<{ status: string }>(
          'select status from person_notice_deliveries where user_id = $1 order by created_at, channel',
          [person.id],
        )
      ).map((row) => row.status);
    expect(await deliveries()).toEqual(['delivered', 'failed', 'pending']);

    clock.advance(DONE_DELIVERY_DAYS * 24 * 3_600_000 - 120_000);
    await sweepAuthRecords(server.ctx);
    expect(await deliveries()).toEqual(['delivered', 'failed', 'pending']);
    // A day later, the pending one is as old as the others were: it is still to be sent.
    clock.advance(24 * 3_600_000);
    await sweepAuthRecords(server.ctx);
    expect(await deliveries()).toEqual(['pending']);
  });
});
