import { summarizeSecurityEvent } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { createIntegrator, databaseKinds, request } from './harness.ts';
import { outbox, useIndividualsServer } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

type Integrator = Awaited<ReturnType<typeof createIntegrator>>;

describe.each(databaseKinds)('a person reports a code as not theirs on %s', (kind) => {
  const suite = useIndividualsServer(kind, '2026-11-26T10:00:00Z');
  const report = (token: string, id: string, json: Record<string, unknown> = {}) =>
    suite.post(`/api/v1/me/codes/${id}/report-misuse`, { token, json });
  const issue = (bank: Integrator, nationalId: string, audience?: Integrator) =>
    bank.call('POST', '/v1/tokens/generate', {
      data: { full_name: 'نورة القحطاني', birth_date: '1990-05-01' },
      subject: { national_id: nationalId },
      ...(audience ? { audience: audience.organization.client_id } : {}),
    });
  /** An email notification for every event type, as an organisation sets one up and confirms. */
  const notifyByEmail = async (org: Integrator) => {
    const destination = `security-${org.organization.id}@example.com`;
    const res = await suite.post('/api/v1/security/notifications', {
      token: org.token,
      json: {
        notification_type: 'email',
        event_types: ['misuse_reported', 'subject_locked'],
        destination,
      },
    });
    expect(res.status).toBe(201);
    const link = outbox(suite.server).find((mail) => mail.to === destination)?.text ?? '';
    const confirmed = await suite.post('/api/v1/notification-destinations/confirm', {
      json: { token: /#token=(tqnd_[0-9A-Za-z]+)/.exec(link)?.[1] },
    });
    expect(confirmed.status).toBe(200);
    return res.body.notification_preference.id as string;
  };
  const eventsOf = (org: Integrator) =>
    suite.server.db.query<{
      id: string;
      event_type: string;
      event_severity: string;
      additional_data: Record<string, unknown>;
      client_ip: string | null;
    }>(
      `select id, event_type, event_severity, additional_data, client_ip from security_events
        where organization_id = $1 and event_type = 'misuse_reported'`,
      [org.organization.id],
    );
  const deliveries = (preferenceId: string) =>
    suite.server.db.query<{ event_id: string }>(
      `select event_id from notification_deliveries where preference_id = $1`,
      [preferenceId],
    );

  it('revokes an active code; the issuer and the body it was addressed to each get a critical event and a notification', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const ministry = await createIntegrator(suite.server.baseUrl);
    const [bankNotice, ministryNotice] = [await notifyByEmail(bank), await notifyByEmail(ministry)];
    const code = await issue(bank, person.nationalId, ministry);
    expect(code.status).toBe(201);

    const reported = await report(person.token, code.body.token_id, {
      note: '  كنت خارج البلاد\n<b>ذلك اليوم</b>\u202e  ',
    });
    expect(reported.status).toBe(200);
    expect(reported.headers.get('cache-control')).toContain('no-store');
    const at = suite.clock.now().toISOString();
    // One plain line: newlines and direction overrides are gone; markup stays text (never markup).
    const note = 'كنت خارج البلاد <b>ذلك اليوم</b>';
    expect(reported.body).toMatchObject({
      success: true,
      report: { reported_at: at, note, revoked_code: true },
      code: { id: code.body.token_id, status: 'revoked', revoked_at: at, misuse_reported_at: at },
    });
    expect(reported.body.code.trail.at(-1)).toMatchObject({
      action: 'revoked',
      actor_type: 'individual',
    });
    // Revoked through the usual path: the code cannot be used any more.
    const verify = await ministry.call('POST', '/v1/tokens/verify', { token: code.body.token });
    expect(verify.status).toBe(410);
    expect(verify.body.code).toBe('token_revoked');

    const [bankEvent] = await eventsOf(bank);
    const [ministryEvent] = await eventsOf(ministry);
    expect(bankEvent).toMatchObject({
      event_severity: 'critical',
      client_ip: null,
      additional_data: { token_id: code.body.token_id, role: 'issued', revoked: true, note },
    });
    expect(ministryEvent?.additional_data).toMatchObject({ role: 'addressed', revoked: true });
    expect(await deliveries(bankNotice)).toEqual([{ event_id: bankEvent!.id }]);
    expect(await deliveries(ministryNotice)).toEqual([{ event_id: ministryEvent!.id }]);

    // The bank's security center lists it; its Arabic account names the cause and the note.
    const listed = await request(
      suite.server.baseUrl,
      'GET',
      '/api/v1/security/events?event_type=misuse_reported',
      { token: bank.token },
    );
    expect(listed.status).toBe(200);
    const [shown] = listed.body.events;
    // No API request caused it: no request to link to in the security center.
    expect(shown).toMatchObject({
      event_type: 'misuse_reported',
      event_severity: 'critical',
      request_path: null,
      request_method: null,
    });
    expect(summarizeSecurityEvent(shown, 'ar', (c) => c)).toBe(
      `أبلغ صاحب رقم الهوية عن إساءة استخدام: الرمز \u2068${code.body.token_id}\u2069 الذي أصدرته جهتك لم يكن بطلبه، وأُلغي الرمز. ملاحظته: «\u2068${note}\u2069»`,
    );
    // Nothing of the person reaches the organisations beyond what they already hold.
    expect(JSON.stringify(shown)).not.toContain(person.nationalId);
    expect(JSON.stringify(shown)).not.toContain(person.email);
  });

  it('tells the body that used the code; a used code stays used', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const ministry = await createIntegrator(suite.server.baseUrl);
    const code = await issue(bank, person.nationalId, ministry);
    expect(
      (await ministry.call('POST', '/v1/tokens/verify', { token: code.body.token })).status,
    ).toBe(200);

    const reported = await report(person.token, code.body.token_id);
    expect(reported.status).toBe(200);
    expect(reported.body.report).toMatchObject({ note: null, revoked_code: false });
    expect(reported.body.code).toMatchObject({ status: 'used', revoked_at: null });
    expect((await eventsOf(bank)).map((event) => event.additional_data.role)).toEqual(['issued']);
    expect((await eventsOf(ministry)).map((event) => event.additional_data)).toEqual([
      { token_id: code.body.token_id, role: 'used', revoked: false, note: null },
    ]);
  });

  it('gives one event to an organisation that issued and used the code itself', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const notice = await notifyByEmail(bank);
    const code = await issue(bank, person.nationalId);
    expect((await bank.call('POST', '/v1/tokens/verify', { token: code.body.token })).status).toBe(
      200,
    );

    expect((await report(person.token, code.body.token_id)).status).toBe(200);
    const events = await eventsOf(bank);
    expect(events.map((event) => event.additional_data.role)).toEqual(['issued_used']);
    expect(await deliveries(notice)).toHaveLength(1);
  });

  it('answers a repeat with the first report and tells nobody again', async () => {
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const notice = await notifyByEmail(bank);
    const code = await issue(bank, person.nationalId);

    const first = await report(person.token, code.body.token_id, { note: 'لم أطلبه' });
    suite.clock.advance(5 * 60_000);
    const again = await report(person.token, code.body.token_id, { note: 'نص آخر' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await eventsOf(bank)).toHaveLength(1);
    expect(await deliveries(notice)).toHaveLength(1);
  });

  it('answers 404 for another person’s code, an unknown or malformed id, and changes nothing', async () => {
    const person = await createIndividual(suite.server);
    const stranger = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const code = await issue(bank, person.nationalId);

    for (const id of [code.body.token_id, 'tok_doesnotexist', 'not-a-code']) {
      const refused = await report(stranger.token, id);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(await eventsOf(bank)).toEqual([]);
    const status = await bank.call('GET', `/v1/tokens/${code.body.token_id}/status`);
    expect(status.body.status).toBe('active');
  });

  it('needs a proven identity and a short note', async () => {
    const unproven = await createIndividual(suite.server, undefined, { prove: false });
    const person = await createIndividual(suite.server);
    const bank = await createIntegrator(suite.server.baseUrl);
    const mine = await issue(bank, unproven.nationalId);
    const refused = await report(unproven.token, mine.body.token_id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('identity_unverified');

    const code = await issue(bank, person.nationalId);
    const long = await report(person.token, code.body.token_id, { note: 'ن'.repeat(281) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validation_failed');
    expect(long.body.errors).toContainEqual(
      expect.objectContaining({ path: 'note', code: 'misuseNoteTooLong' }),
    );
    const anonymous = await suite.post(`/api/v1/me/codes/${code.body.token_id}/report-misuse`, {
      json: {},
    });
    expect(anonymous.status).toBe(401);
    expect(await eventsOf(bank)).toEqual([]);
    expect((await report(person.token, code.body.token_id, { note: 'ن'.repeat(280) })).status).toBe(
      200,
    );
  });
});
