import { TEST_NATIONAL_IDS } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { generateTotp } from '../src/lib/totp.ts';
import { discoverNotices } from '../src/modules/person-notices/notice-discovery.ts';
import { expireTokens } from '../src/modules/tokens/tokens.service.ts';
import { basicAuth, createIntegrator, createKey, databaseKinds, request } from './harness.ts';
import { nationalId, outbox, typedIn, useIndividualsServer } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

describe.each(databaseKinds)('a person locks their national id on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2026-11-26T10:00:00Z');
  const lock = (token: string, json: Record<string, unknown>) =>
    suite.post('/api/v1/individuals/me/identity-lock', { token, json });
  const issueFor = (bank: Awaited<ReturnType<typeof createIntegrator>>, id: string) =>
    bank.call('POST', '/v1/tokens/generate', {
      data: { full_name: 'نورة القحطاني' },
      subject: { national_id: id },
    });

  it('refuses generate for a locked id with 403 subject_locked, tells the bank and the person', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    expect((await issueFor(bank, person.nationalId)).status).toBe(201);

    const locked = await lock(person.token, { locked: true });
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({
      success: true,
      locked: true,
      locked_at: suite.clock.now().toISOString(),
    });
    const status = await request(suite.server.baseUrl, 'GET', '/api/v1/individuals/me/identity', {
      token: person.token,
    });
    expect(status.body).toMatchObject({ proven: true, locked: true });

    const refused = await issueFor(bank, person.nationalId);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'subject_locked' });
    expect(refused.body.detail_ar).toBe(
      'أقفل الفرد رقم هويته هذا، فلا يُصدر له رمز ولا يُستخدم رمز صادر له حتى يفتح القفل',
    );
    expect(JSON.stringify(refused.body)).not.toContain(person.nationalId);

    const events = await suite.server.db.query<{ event_type: string; event_severity: string }>(
      'select event_type, event_severity from security_events where organization_id = $1',
      [bank.organization.id],
    );
    expect(events).toContainEqual({ event_type: 'subject_locked', event_severity: 'warning' });

    const told = outbox(suite.server).filter(
      (entry) => entry.to === person.email || entry.text.includes('رقم هويتك مقفل'),
    );
    expect(told.map((entry) => entry.channel).sort()).toEqual(['email', 'sms']);
    expect(told[0]?.text).toContain(bank.organization.name);
    // A second refusal minutes later does not flood the person.
    suite.clock.advance(60_000);
    expect((await issueFor(bank, person.nationalId)).status).toBe(403);
    expect(
      outbox(suite.server).filter((entry) => entry.text.includes('رقم هويتك مقفل')),
    ).toHaveLength(2);

    // Other ids and codes without a subject are not touched.
    expect((await issueFor(bank, nationalId())).status).toBe(201);
    const anonymous = await bank.call('POST', '/v1/tokens/generate', { data: { a: 'b' } });
    expect(anonymous.status).toBe(201);

    // A misspelt subject is refused, not taken for a code without one (which the lock ignores).
    for (const subject of [
      { nationalId: person.nationalId },
      { national_id: person.nationalId, nationalId: person.nationalId },
      { NATIONAL_ID: person.nationalId },
    ]) {
      const misspelt = await bank.call('POST', '/v1/tokens/generate', {
        data: { a: 'b' },
        subject,
      });
      expect(misspelt.status, JSON.stringify(subject)).toBe(400);
      expect(misspelt.body).toMatchObject({
        code: 'validation_failed',
        errors: [expect.objectContaining({ path: 'subject' })],
      });
    }
    const issued = await suite.server.db.query<{ issued: number }>(
      'select count(*)::int as issued from tokens where organization_id = $1',
      [bank.organization.id],
    );
    expect(issued).toEqual([{ issued: 3 }]);
  });

  it('covers codes issued before it: verify and the console refuse them, consume nothing, and work once after the unlock', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const issued = await bank.call('POST', '/v1/tokens/generate', {
      data: { full_name: 'نورة القحطاني', iban: 'SA0380000000608010167519' },
      subject: { national_id: person.nationalId },
      expires_in: 3600,
    });
    expect(issued.status).toBe(201);
    await lock(person.token, { locked: true });
    const sent = outbox(suite.server).length;

    const verify = () => bank.call('POST', '/v1/tokens/verify', { token: issued.body.token });
    const refused = await verify();
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'subject_locked' });
    expect(refused.body.detail_ar).toBe(
      'أقفل الفرد رقم هويته هذا، فلا يُصدر له رمز ولا يُستخدم رمز صادر له حتى يفتح القفل',
    );
    expect(JSON.stringify(refused.body)).not.toContain('نورة');
    // The console's decrypt is the same verify.
    const console = await request(suite.server.baseUrl, 'POST', '/api/v1/tokens/verify', {
      token: bank.token,
      json: { token: issued.body.token },
    });
    expect(console.status).toBe(403);
    expect(console.body.code).toBe('subject_locked');
    // Nothing consumed, nothing billed: the code is still active with its data.
    const status = await bank.call('GET', `/v1/tokens/${issued.body.token_id}/status`);
    expect(status.body).toMatchObject({ status: 'active', used_at: null });
    const stored = async () =>
      (
        await suite.server.db.query<{ has_data: boolean; verifies: number }>(
          `select t.ciphertext is not null as has_data,
                  (select count(*)::int from usage_logs u
                    where u.organization_id = t.organization_id and u.endpoint like '%/verify') as verifies
             from tokens t where t.id = $1`,
          [issued.body.token_id],
        )
      )[0];
    expect(await stored()).toEqual({ has_data: true, verifies: 0 });

    // The person hears of it: by mail and SMS, and in the app, which the dashboard shows.
    const told = outbox(suite.server).slice(sent);
    expect(told.map((entry) => entry.channel).sort()).toEqual(['email', 'sms']);
    expect(told[0]?.text).toContain(bank.organization.name);
    expect(told.find((entry) => entry.channel === 'sms')?.text).toContain('استخدام رمز');
    const events = await suite.server.db.query<{ event_type: string }>(
      'select event_type from security_events where organization_id = $1',
      [bank.organization.id],
    );
    expect(events).toContainEqual({ event_type: 'subject_locked' });

    // The person's history shows the refused use and why.
    const history = await request(suite.server.baseUrl, 'GET', '/api/v1/me/codes', {
      token: person.token,
    });
    expect(history.body.codes[0].trail.at(-1)).toMatchObject({
      action: 'verify_refused',
      organization_name: bank.organization.name,
      reason: 'subject_locked',
    });

    // A refused issue is a notice too.
    expect((await issueFor(bank, person.nationalId)).status).toBe(403);
    expect((await issueFor(bank, person.nationalId)).status).toBe(403);
    const notices = await request(suite.server.baseUrl, 'GET', '/api/v1/me/notices', {
      token: person.token,
    });
    expect(notices.status).toBe(200);
    expect(
      notices.body.notices.map(
        (n: { event: string; organization_name: string; fields: string[] }) => [
          n.event,
          n.organization_name,
          n.fields,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        ['refused_use', bank.organization.name, ['full_name', 'iban']],
        ['refused_issue', bank.organization.name, ['full_name']],
      ]),
    );
    // Two refused issues of one body within minutes are one notice; the refused use one.
    expect(
      notices.body.notices.filter((n: { event: string }) => n.event.startsWith('refused')),
    ).toHaveLength(2);

    // After the unlock the unexpired code works again, once.
    await lock(person.token, { locked: false, password: person.password });
    const used = await verify();
    expect(used.status).toBe(200);
    expect(used.body.data).toEqual({
      full_name: 'نورة القحطاني',
      iban: 'SA0380000000608010167519',
    });
    expect((await verify()).body.code).toBe('token_used');
    expect(await stored()).toEqual({ has_data: false, verifies: 1 });
  });

  it('tells a person who reads English of a refusal in English only', async () => {
    const person = await createIndividual(suite.server);
    const english = await request(suite.server.baseUrl, 'PUT', '/api/v1/profile/language', {
      token: person.token,
      json: { language: 'en' },
    });
    expect(english.status).toBe(200);
    await lock(person.token, { locked: true });
    const bank = await createIntegrator(suite.server.baseUrl);
    const sent = outbox(suite.server).length;
    expect((await issueFor(bank, person.nationalId)).status).toBe(403);
    const told = outbox(suite.server).slice(sent);
    expect(told.map((entry) => entry.channel).sort()).toEqual(['email', 'sms']);
    for (const entry of told) {
      expect(entry.text).toContain(
        `${bank.organization.name} asked for a code for your national id ending in ${person.nationalId.slice(-4)}`,
      );
      expect(entry.text.replace(bank.organization.name, '')).not.toMatch(/[\u0600-\u06ff]/);
    }
    expect(told.find((entry) => entry.channel === 'email')?.subject).toBe(
      'A code for your locked national id was refused',
    );
  });

  it('never lets a test key reach a real person: no refusal, notice, event or history', async () => {
    const locked = await createIndividual(suite.server);
    const open = await createIndividual(suite.server);
    await lock(locked.token, { locked: true });
    const bank = await createIntegrator(suite.server.baseUrl);
    const testKey = await createKey(suite.server.baseUrl, bank.token, { mode: 'test' });
    const sent = outbox(suite.server).length;
    const issueInTest = (id: string) =>
      request(suite.server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: basicAuth(bank.organization.client_id, testKey),
        json: { data: { a: 'b' }, subject: { national_id: id }, expires_in: 60 },
      });
    // Test mode takes the test national ids only: a real person's id is refused before the lock.
    for (const person of [locked, open]) {
      const refused = await issueInTest(person.nationalId);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('test_national_id_required');
    }
    expect((await issueInTest(TEST_NATIONAL_IDS[1]!)).status).toBe(201);
    expect(outbox(suite.server)).toHaveLength(sent);
    const events = await suite.server.db.query(
      'select 1 from security_events where organization_id = $1 and event_type = $2',
      [bank.organization.id, 'subject_locked'],
    );
    expect(events).toEqual([]);
    // Nor later: after the codes expire (the sweep links a person's codes to the account) and the
    // notice job has run.
    suite.clock.advance(61_000);
    await expireTokens(suite.server.ctx);
    await discoverNotices(suite.server.ctx);
    for (const person of [locked, open]) {
      const codes = await request(suite.server.baseUrl, 'GET', '/api/v1/me/codes', {
        token: person.token,
      });
      expect(codes.body.codes).toEqual([]);
      const notices = await request(suite.server.baseUrl, 'GET', '/api/v1/me/notices', {
        token: person.token,
      });
      expect(notices.body.notices).toEqual([]);
    }
    expect(outbox(suite.server)).toHaveLength(sent);
  });

  it('unlocks only with the password, and the 2FA code when it is on', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    await lock(person.token, { locked: true });

    const bare = await lock(person.token, { locked: false });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe('current_password_invalid');
    const wrong = await lock(person.token, { locked: false, password: 'Wr0ngPassword' });
    expect(wrong.body.code).toBe('current_password_invalid');
    expect((await issueFor(bank, person.nationalId)).status).toBe(403);

    const setup = await suite.post('/api/v1/profile/2fa/setup', { token: person.token });
    const totp = () => generateTotp(setup.body.secret, suite.clock.now().getTime());
    const enabled = await suite.post('/api/v1/profile/2fa/enable', {
      token: person.token,
      json: { code: totp() },
    });
    expect(enabled.status).toBe(200);
    suite.clock.advance(30_000);

    const noCode = await lock(person.token, { locked: false, password: person.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('invalid_code');
    // As typed on an Arabic keyboard.
    const unlocked = await lock(person.token, {
      locked: false,
      password: person.password,
      code: typedIn('arabic', totp()),
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ success: true, locked: false, locked_at: null });
    expect((await issueFor(bank, person.nationalId)).status).toBe(201);
  });

  it('is for a proven identity only', async () => {
    const person = await createIndividual(suite.server, nationalId(), { prove: false });
    const refused = await lock(person.token, { locked: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('identity_unverified');
    // An unproven account cannot lock anyone's id: generate still works.
    const bank = await createIntegrator(suite.server.baseUrl);
    expect((await issueFor(bank, person.nationalId)).status).toBe(201);
  });

  it('holds at once on another server process over the same database', async () => {
    const other = await buildApp({
      config: suite.server.ctx.config,
      db: suite.server.db,
      clock: suite.clock,
      runBackgroundJobs: false,
    });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const person = await createIndividual(suite.server);
      const bank = await createIntegrator(suite.server.baseUrl);
      const generateThere = () =>
        request(otherUrl, 'POST', '/v1/tokens/generate', {
          headers: basicAuth(bank.organization.client_id, bank.key),
          json: { data: { a: 'b' }, subject: { national_id: person.nationalId } },
        });
      expect((await generateThere()).status).toBe(201);
      // Locked on this process: the other refuses the very next call.
      await lock(person.token, { locked: true });
      expect((await generateThere()).body.code).toBe('subject_locked');
      await lock(person.token, { locked: false, password: person.password });
      expect((await generateThere()).status).toBe(201);
    } finally {
      await other.app.close();
    }
  });
});
