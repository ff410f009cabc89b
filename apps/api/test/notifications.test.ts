import { readFileSync } from 'node:fs';
import {
  DESTINATION_MESSAGES_PER_HOUR,
  securityEventWebhookSchema,
  verificationRequestFulfilledWebhookSchema,
} from '@tanqin/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from '../src/lib/due-deliveries.ts';
import { unseal } from '../src/lib/key-ring.ts';
import { outboxPath } from '../src/lib/mail/index.ts';
import {
  deliverDueNotifications,
  MAX_NOTIFICATIONS_PER_MINUTE,
} from '../src/modules/notifications/notification-delivery.service.ts';
import { recordSecurityEvent } from '../src/modules/security/security-events.service.ts';
import {
  createIntegrator,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import {
  decodeMailBody,
  startSmtpServer,
  startWebhookReceiver,
  testWebhookNetwork,
  verifyStandardWebhook,
} from './notifications-helpers.ts';

type Integrator = Awaited<ReturnType<typeof createIntegrator>>;

const PARTNER_HOST = 'hooks.partner.example';
const PARTNER_ADDRESS = '93.184.216.34';
const PREFERENCE_FIELDS = [
  'id',
  'notification_type',
  'event_types',
  'destination',
  'is_active',
  'confirmed_at',
  'confirmation_expires_at',
  'created_at',
].sort();
const DELIVERY_FIELDS = [
  'id',
  'preference_id',
  'event_id',
  'verification_request_id',
  'event_type',
  'status',
  'attempts',
  'last_error',
  'response_status',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'delivered_at',
  'replay_of',
].sort();

describe.each(databaseKinds)('security notifications on %s', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  /** Where the test's network delivers instead of the receiver (a receiver that is down). */
  let target: string | undefined;
  const net = testWebhookNetwork(() => target ?? receiver.url);
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(kind, { clock, app: { webhookNetwork: net.network } });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });
  beforeEach(() => {
    target = undefined;
    net.dns.clear();
    net.dns.set(PARTNER_HOST, [PARTNER_ADDRESS]);
    receiver.received.length = 0;
    net.posts.length = 0;
  });

  const createPreference = (token: string, json: Record<string, unknown>) =>
    request(server.baseUrl, 'POST', '/api/v1/security/notifications', { token, json });
  const deliveriesOf = async (token: string, preferenceId: string) => {
    const res = await request(
      server.baseUrl,
      'GET',
      `/api/v1/security/notifications/${preferenceId}/deliveries`,
      { token },
    );
    expect(res.status).toBe(200);
    return res.body.deliveries as Array<Record<string, any>>;
  };
  /** A fresh session: access tokens live 15 minutes of the test clock. */
  const signIn = async (admin: { email: string; password: string }) => {
    const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: admin.email, password: admin.password },
    });
    return res.body.token as string;
  };
  const outbox = () => {
    try {
      return readFileSync(outboxPath(server.ctx.config.dataDir), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    } catch {
      return [];
    }
  };
  /** A key limited to one call a minute: its second call raises rate_limit_exceeded. */
  const rateLimitedIntegrator = async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1 });
    const hit = () => org.call('GET', '/v1/tokens/tok_x/status');
    return { org, hit };
  };
  let mailboxes = 0;
  /** A mailbox of its own per test: messages to one address are limited whoever sends them. */
  const mailbox = (name = 'soc') => `${name}-${kind}-${++mailboxes}@example.sa`;
  /** The token of the last confirmation link mailed to `to`. */
  const confirmationToken = (to: string) => {
    const mail = outbox()
      .filter((m) => m.to === to && m.subject.includes('Tanqin: confirm security alerts'))
      .at(-1);
    return /\/confirm-destination#token=(tqnd_[0-9A-Za-z]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  const confirm = (token: string) =>
    request(server.baseUrl, 'POST', '/api/v1/notification-destinations/confirm', {
      json: { token },
    });
  /** An email preference whose owner has confirmed the address (by its mailed link). */
  const createConfirmed = async (token: string, json: Record<string, unknown>) => {
    const created = await createPreference(token, json);
    expect(created.status).toBe(201);
    expect((await confirm(confirmationToken(json.destination as string))).status).toBe(200);
    return created;
  };

  it('creates, lists, switches and deletes preferences; a webhook secret is shown once, stored sealed', async () => {
    const org = await createOrganization(server.baseUrl);
    const soc = mailbox();
    const email = await createPreference(org.token, {
      notification_type: 'email',
      event_types: ['suspicious_activity', 'geo_blocked', 'suspicious_activity'],
      destination: soc,
    });
    expect(email.status).toBe(201);
    expect(email.body.signing_secret).toBeUndefined();
    expect(Object.keys(email.body.notification_preference).sort()).toEqual(PREFERENCE_FIELDS);
    expect(email.body.notification_preference).toMatchObject({
      notification_type: 'email',
      event_types: ['suspicious_activity', 'geo_blocked'],
      destination: soc,
      is_active: true,
      confirmed_at: null,
    });

    const hook = await createPreference(org.token, {
      notification_type: 'webhook',
      event_types: ['ip_blocked'],
      destination: `https://${PARTNER_HOST}/tanqin/events?tenant=7`,
    });
    expect(hook.status).toBe(201);
    expect(hook.headers.get('cache-control')).toBe('no-store');
    const secret: string = hook.body.signing_secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await server.db.query<{ secret_encrypted: string }>(
      'select secret_encrypted from notification_preferences where id = $1',
      [hook.body.notification_preference.id],
    );
    expect(row!.secret_encrypted).not.toContain(secret.slice(6));
    expect(
      unseal(
        server.ctx.keys.webhookSecret,
        row!.secret_encrypted,
        hook.body.notification_preference.id,
      ).toString(),
    ).toBe(secret);

    const list = await request(server.baseUrl, 'GET', '/api/v1/security/notifications', {
      token: org.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.notification_preferences).toHaveLength(2);
    for (const preference of list.body.notification_preferences) {
      expect(Object.keys(preference).sort()).toEqual(PREFERENCE_FIELDS);
    }
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6, 30));

    const id = email.body.notification_preference.id;
    const off = await request(server.baseUrl, 'PATCH', `/api/v1/security/notifications/${id}`, {
      token: org.token,
      json: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.notification_preference).toMatchObject({ id, is_active: false });
    const removed = await request(
      server.baseUrl,
      'DELETE',
      `/api/v1/security/notifications/${id}`,
      { token: org.token },
    );
    expect(removed.body).toEqual({ success: true });
    const again = await request(server.baseUrl, 'DELETE', `/api/v1/security/notifications/${id}`, {
      token: org.token,
    });
    expect(again.status).toBe(404);
    const after = await request(server.baseUrl, 'GET', '/api/v1/security/notifications', {
      token: org.token,
    });
    expect(
      after.body.notification_preferences.map(
        (p: { notification_type: string }) => p.notification_type,
      ),
    ).toEqual(['webhook']);
  });

  it('refuses bad input and non-public or non-https webhooks with 400 problem+json, creating nothing', async () => {
    const org = await createOrganization(server.baseUrl);
    net.dns.set('internal.partner.example', ['10.0.0.5']);
    net.dns.set('mixed.partner.example', [PARTNER_ADDRESS, '127.0.0.1']);
    net.dns.set('metadata.partner.example', ['169.254.169.254']);
    net.dns.set('v6local.partner.example', ['fd12:3456::1']);
    const base = { notification_type: 'webhook', event_types: ['ip_blocked'] };
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...base }, 'destinationRequired'],
      [{ ...base, destination: '' }, 'destinationRequired'],
      [{ ...base, event_types: [], destination: `https://${PARTNER_HOST}/` }, 'eventTypesRequired'],
      [{ ...base, event_types: ['nope'], destination: `https://${PARTNER_HOST}/` }, 'invalidValue'],
      [{ ...base, notification_type: 'sms', destination: '0551234567' }, 'invalidValue'],
      [{ ...base, notification_type: 'email', destination: 'not-an-email' }, 'emailInvalid'],
      [{ ...base, destination: `http://${PARTNER_HOST}/hook` }, 'webhookUrlInvalid'],
      [{ ...base, destination: `https://user:pw@${PARTNER_HOST}/hook` }, 'webhookUrlInvalid'],
      [{ ...base, destination: 'not a url' }, 'webhookUrlInvalid'],
      [{ ...base, destination: `https://${PARTNER_HOST}/${'x'.repeat(600)}` }, 'tooLong'],
      [
        { ...base, destination: 'https://internal.partner.example/hook' },
        'webhookDestinationPrivate',
      ],
      [{ ...base, destination: 'https://mixed.partner.example/hook' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://metadata.partner.example/' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://v6local.partner.example/' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://127.0.0.1/hook' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://[::1]/hook' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://[::ffff:10.1.2.3]/hook' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://192.168.1.20:8443/hook' }, 'webhookDestinationPrivate'],
      [{ ...base, destination: 'https://nowhere.partner.example/' }, 'webhookHostUnresolvable'],
    ];
    for (const [json, code] of bad) {
      const res = await createPreference(org.token, json);
      expect(res.status, JSON.stringify(json).slice(0, 90)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const [count] = await server.db.query(
      'select count(*)::int as n from notification_preferences where organization_id = $1',
      [org.organization.id],
    );
    expect(count).toEqual({ n: 0 });
  });

  it('emails through the local outbox when an event matches, without holding up the request', async () => {
    const { org, hit } = await rateLimitedIntegrator();
    const soc = mailbox();
    const email = await createConfirmed(org.token, {
      notification_type: 'email',
      event_types: ['rate_limit_exceeded'],
      destination: soc,
    });
    const inactive = await createPreference(org.token, {
      notification_type: 'email',
      event_types: ['rate_limit_exceeded'],
      destination: mailbox('off'),
    });
    await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/security/notifications/${inactive.body.notification_preference.id}`,
      { token: org.token, json: { is_active: false } },
    );
    const before = outbox().length;
    expect((await hit()).status).toBe(404);
    for (let i = 0; i < 5; i++) expect((await hit()).status).toBe(429);
    // An event type the preference does not name notifies nobody.
    await org.call('POST', '/v1/tokens/tok_x/revoke');

    // The refused calls have been answered; their notification is queued, not sent.
    const [queued] = await deliveriesOf(org.token, email.body.notification_preference.id);
    expect(queued).toMatchObject({
      status: 'pending',
      attempts: 0,
      event_type: 'rate_limit_exceeded',
    });
    expect(outbox()).toHaveLength(before);

    expect(await deliverDueNotifications(server.ctx)).toBeGreaterThanOrEqual(1);
    const sent = outbox().slice(before);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(Object.keys(mail).sort()).toEqual(['channel', 'created_at', 'subject', 'text', 'to']);
    expect(mail).toMatchObject({
      channel: 'email',
      to: soc,
      created_at: clock.now().toISOString(),
    });
    expect(mail.subject).toContain('تجاوز حد الطلبات');
    expect(mail.subject).toContain('Rate limit exceeded');
    expect(mail.text).toContain('was refused for exceeding the rate limit');
    expect(mail.text).toContain('لتجاوز حد الطلبات');
    expect(mail.text).toContain(org.organization.name);
    expect(mail.text).toContain('GET /v1/tokens/tok_x/status');

    const deliveries = await deliveriesOf(org.token, email.body.notification_preference.id);
    expect(deliveries).toHaveLength(1);
    expect(Object.keys(deliveries[0]!).sort()).toEqual(DELIVERY_FIELDS);
    expect(deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      delivered_at: clock.now().toISOString(),
    });
    expect(await deliveriesOf(org.token, inactive.body.notification_preference.id)).toEqual([]);
    const events = await request(server.baseUrl, 'GET', '/api/v1/security/events', {
      token: org.token,
    });
    const byType = Object.fromEntries(
      events.body.events.map((e: { event_type: string }) => [e.event_type, e]),
    );
    expect(byType.rate_limit_exceeded.notified_at).toBe(clock.now().toISOString());
    expect(byType.rate_limit_exceeded.occurrences).toBe(5);
    expect(byType.invalid_scope.notified_at).toBeNull();
    expect(await deliverDueNotifications(server.ctx)).toBe(0);
  });

  it('delivers a webhook signed per Standard Webhooks to the checked address', async () => {
    const org = await createIntegrator(server.baseUrl);
    const hook = await createPreference(org.token, {
      notification_type: 'webhook',
      event_types: ['key_first_use'],
      destination: `https://${PARTNER_HOST}/tanqin/events?tenant=7`,
    });
    const secret: string = hook.body.signing_secret;
    expect((await org.call('POST', '/v1/tokens/generate', { data: { a: 1 } })).status).toBe(201);
    expect(receiver.received).toHaveLength(0);
    await deliverDueNotifications(server.ctx);

    expect(net.posts).toEqual([
      { url: `https://${PARTNER_HOST}/tanqin/events?tenant=7`, address: PARTNER_ADDRESS },
    ]);
    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(webhook!.path).toBe('/tanqin/events?tenant=7');
    expect(webhook!.headers['content-type']).toBe('application/json');
    expect(webhook!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(webhook!.headers['webhook-timestamp']).toBe(
      String(Math.floor(clock.now().getTime() / 1000)),
    );
    expect(webhook!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyStandardWebhook(secret, webhook!)).toBe(true);
    expect(verifyStandardWebhook(secret, { ...webhook!, body: `${webhook!.body} ` })).toBe(false);
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, webhook!)).toBe(
      false,
    );

    // Exactly the body the public OpenAPI document's `webhooks` describes, no field more.
    const body = JSON.parse(webhook!.body);
    const payload = securityEventWebhookSchema.parse(body);
    expect(Object.keys(body.data).sort()).toEqual(
      Object.keys(securityEventWebhookSchema.shape.data.shape).sort(),
    );
    expect(payload).toMatchObject({
      type: 'security.key_first_use',
      timestamp: clock.now().toISOString(),
      data: {
        event_type: 'key_first_use',
        event_severity: 'info',
        // The English text recorded with the event, as before; then the event told in both
        // languages as the security center and the emails tell it (packages/shared).
        event_description: 'API key "Test key" was used for the first time',
        descriptions: {
          ar: 'استُخدم المفتاح \u2068Test key\u2069 لأول مرة',
          en: 'The key \u2068Test key\u2069 was used for the first time',
        },
        api_key_name: 'Test key',
        client_ip: '127.0.0.1',
        request_path: '/v1/tokens/generate',
        request_method: 'POST',
        occurrences: 1,
        organization: { id: org.organization.id, name: org.organization.name },
      },
    });
    const [delivery] = await deliveriesOf(org.token, hook.body.notification_preference.id);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      event_id: payload.data.id,
    });
  });

  /** `bank` asks, `issuer` answers with the right number: the request is fulfilled. */
  const answeredRequest = async (bank: Integrator, issuer: Integrator) => {
    const asked = await bank.call('POST', '/v1/verification-requests', {
      fields: ['full_name'],
      purpose: 'فتح حساب',
    });
    const answered = await issuer.call('POST', '/v1/tokens/generate', {
      data: { full_name: 'سارة' },
      request_id: asked.body.request_id,
      match_number: asked.body.match_number,
    });
    expect(answered.status).toBe(201);
    return { requestId: asked.body.request_id as string, answered: answered.body };
  };

  it('sends verification_request.fulfilled like a security event: retried with one webhook-id until a 2xx, logged, never again after', async () => {
    const bank = await createIntegrator(server.baseUrl);
    const issuer = await createIntegrator(server.baseUrl);
    const hook = await createPreference(bank.token, {
      notification_type: 'webhook',
      event_types: ['ip_blocked'],
      destination: `https://${PARTNER_HOST}/tanqin/requests`,
    });
    const preferenceId = hook.body.notification_preference.id;
    receiver.answerOn('/tanqin/requests', 500);
    const { requestId, answered } = await answeredRequest(bank, issuer);
    const sent = () => receiver.received.filter((webhook) => webhook.path === '/tanqin/requests');

    await deliverDueNotifications(server.ctx);
    expect(sent()).toHaveLength(1);
    let [delivery] = await deliveriesOf(bank.token, preferenceId);
    expect(Object.keys(delivery!).sort()).toEqual(DELIVERY_FIELDS);
    expect(delivery).toMatchObject({
      event_type: 'verification_request.fulfilled',
      event_id: null,
      verification_request_id: requestId,
      status: 'pending',
      attempts: 1,
      last_error: 'HTTP 500',
      response_status: 500,
      next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(1)).toISOString(),
    });

    // Not due yet: nothing is sent; then the retry is, and the receiver takes it.
    clock.advance(retryDelayMs(1) - 1000);
    await deliverDueNotifications(server.ctx);
    expect(sent()).toHaveLength(1);
    clock.advance(1000);
    await deliverDueNotifications(server.ctx);
    [delivery] = await deliveriesOf(bank.token, preferenceId);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_error: null,
      response_status: 200,
      delivered_at: clock.now().toISOString(),
    });
    const [first, second] = sent();
    expect(sent()).toHaveLength(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(
      sent().every((webhook) => verifyStandardWebhook(hook.body.signing_secret, webhook)),
    ).toBe(true);
    const body = verificationRequestFulfilledWebhookSchema.parse(JSON.parse(second!.body));
    expect(body).toMatchObject({
      type: 'verification_request.fulfilled',
      data: {
        request_id: requestId,
        token_id: answered.token_id,
        purpose: 'فتح حساب',
        issuer: { client_id: issuer.organization.client_id },
      },
    });
    expect(second!.body).not.toContain(answered.token);

    // Delivered: nothing is sent twice, however long the job keeps running.
    for (const wait of [retryDelayMs(2), retryDelayMs(7), 24 * 3_600_000]) {
      clock.advance(wait);
      await deliverDueNotifications(server.ctx);
    }
    expect(sent()).toHaveLength(2);
  });

  it('keeps a fulfilled request’s webhook for a receiver that is down, and sends it once it is up', async () => {
    const bank = await createIntegrator(server.baseUrl);
    const issuer = await createIntegrator(server.baseUrl);
    const hook = await createPreference(bank.token, {
      notification_type: 'webhook',
      event_types: ['ip_blocked'],
      destination: `https://${PARTNER_HOST}/tanqin/down`,
    });
    const preferenceId = hook.body.notification_preference.id;
    const gone = await startWebhookReceiver();
    await gone.close();
    target = gone.url;
    const { requestId } = await answeredRequest(bank, issuer);

    await deliverDueNotifications(server.ctx);
    let [delivery] = await deliveriesOf(bank.token, preferenceId);
    expect(delivery).toMatchObject({
      verification_request_id: requestId,
      status: 'pending',
      attempts: 1,
      response_status: null,
    });
    expect(delivery!.last_error).toBeTruthy();

    const up = await startWebhookReceiver(gone.port);
    try {
      clock.advance(retryDelayMs(1));
      await deliverDueNotifications(server.ctx);
      expect(up.received).toHaveLength(1);
      expect(verifyStandardWebhook(hook.body.signing_secret, up.received[0]!)).toBe(true);
      expect(JSON.parse(up.received[0]!.body).data.request_id).toBe(requestId);
      [delivery] = await deliveriesOf(bank.token, preferenceId);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
      clock.advance(retryDelayMs(5));
      await deliverDueNotifications(server.ctx);
      expect(up.received).toHaveLength(1);
    } finally {
      await up.close();
    }
  });

  it('sends a test on a channel on demand: a signed webhook or an email, and says how it went', async () => {
    const org = await createOrganization(server.baseUrl);
    const soc = mailbox();
    const other = await createOrganization(server.baseUrl);
    const hook = await createPreference(org.token, {
      notification_type: 'webhook',
      event_types: ['key_disabled'],
      destination: `https://${PARTNER_HOST}/hooks`,
    });
    const email = await createConfirmed(org.token, {
      notification_type: 'email',
      event_types: ['key_disabled'],
      destination: soc,
    });
    const test = (token: string, id: string) =>
      request(server.baseUrl, 'POST', `/api/v1/security/notifications/${id}/test`, { token });
    const hookId = hook.body.notification_preference.id;

    const sent = await test(org.token, hookId);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      delivery: { status: 'delivered', response_status: 200, error: null },
    });
    expect(receiver.received).toHaveLength(1);
    expect(verifyStandardWebhook(hook.body.signing_secret, receiver.received[0]!)).toBe(true);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'security.test',
      data: { organization: { id: org.organization.id } },
    });

    receiver.answerWith(500);
    const failed = await test(org.token, hookId);
    expect(failed.body.delivery).toEqual({
      status: 'failed',
      response_status: 500,
      error: 'HTTP 500',
    });
    // A test is neither an event nor a delivery.
    expect(await deliveriesOf(org.token, hookId)).toEqual([]);

    const mailed = await test(org.token, email.body.notification_preference.id);
    expect(mailed.body.delivery.status).toBe('delivered');
    expect(outbox().at(-1)).toMatchObject({
      channel: 'email',
      to: soc,
      subject: 'تنقين: إشعار تجريبي | Tanqin test notification',
    });

    expect((await test(other.token, hookId)).status).toBe(404);
    for (let i = 0; i < 3; i++) await test(org.token, hookId);
    const limited = await test(org.token, hookId);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_requests');
  });

  it('mails a new address one confirmation and nothing else until its owner confirms; then events go', async () => {
    const org = await createOrganization(server.baseUrl);
    const stranger = mailbox('stranger');
    const mailsTo = () => outbox().filter((m) => m.to.toLowerCase() === stranger);
    const first = await createPreference(org.token, {
      notification_type: 'email',
      event_types: ['ip_blocked'],
      destination: stranger,
    });
    expect(first.status).toBe(201);
    expect(first.body.notification_preference).toMatchObject({
      confirmed_at: null,
      confirmation_expires_at: new Date(clock.now().getTime() + 24 * 3600_000).toISOString(),
    });
    // A second preference naming the address shares the pending link: no second message.
    const second = await createPreference(org.token, {
      notification_type: 'email',
      event_types: ['ip_blocked', 'key_disabled'],
      destination: stranger.toUpperCase(),
    });
    expect(second.status).toBe(201);
    expect(mailsTo()).toHaveLength(1);
    const [asking] = mailsTo();
    expect(asking.subject).toBe(
      'تنقين: أكّد استلام التنبيهات الأمنية | Tanqin: confirm security alerts',
    );
    expect(asking.text).toContain(org.organization.name);
    expect(asking.text).toContain(
      `${server.ctx.config.publicUrl.replace(/\/$/, '')}/confirm-destination#token=tqnd_`,
    );
    // The token is kept as an HMAC only.
    const token = confirmationToken(stranger);
    const [row] = await server.db.query<{ confirmation_token_hash: string }>(
      'select confirmation_token_hash from notification_preferences where id = $1',
      [first.body.notification_preference.id],
    );
    expect(row!.confirmation_token_hash).not.toContain(token.slice(5));

    const refuse = () =>
      recordSecurityEvent(server.ctx, {
        organizationId: org.organization.id,
        type: 'ip_blocked',
        severity: 'warning',
        description: 'Request from 198.51.100.9 refused: not a trusted IP',
        clientIp: '198.51.100.9',
        isBlockedRequest: true,
      });
    await refuse();
    expect(await deliveriesOf(org.token, first.body.notification_preference.id)).toEqual([]);
    await deliverDueNotifications(server.ctx);
    const test = await request(
      server.baseUrl,
      'POST',
      `/api/v1/security/notifications/${first.body.notification_preference.id}/test`,
      { token: org.token },
    );
    expect(test.status).toBe(409);
    expect(test.headers.get('content-type')).toContain('application/problem+json');
    expect(test.body).toMatchObject({
      code: 'destination_unconfirmed',
      detail_ar: 'لم يؤكد صاحب هذا البريد رغبته في تلقي الإشعارات بعد، فلا يُرسل إليه شيء حتى يؤكد',
    });
    expect(mailsTo()).toHaveLength(1);

    // A link that is not one, or was never sent, confirms nothing.
    const altered = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    for (const bad of ['tqnd_nope', altered]) {
      const res = await confirm(bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('destination_token_invalid');
    }
    expect((await confirm('')).body.errors[0].code).toBe('confirmationTokenRequired');
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    expect(confirmed.body).toEqual({
      success: true,
      organization_name: org.organization.name,
      destination: stranger,
    });
    expect((await confirm(token)).body.code).toBe('destination_token_invalid');
    const list = await request(server.baseUrl, 'GET', '/api/v1/security/notifications', {
      token: org.token,
    });
    for (const preference of list.body.notification_preferences) {
      expect(preference).toMatchObject({
        confirmed_at: clock.now().toISOString(),
        confirmation_expires_at: null,
      });
    }
    // Confirmed: a third preference naming it needs no new link, and events are mailed.
    const third = await createPreference(org.token, {
      notification_type: 'email',
      event_types: ['geo_blocked'],
      destination: stranger,
    });
    expect(third.body.notification_preference.confirmed_at).toBe(clock.now().toISOString());
    clock.advance(61_000);
    await refuse();
    await deliverDueNotifications(server.ctx);
    expect(mailsTo().map((m) => m.subject)).toEqual([
      asking.subject,
      expect.stringContaining('Tanqin security event'),
      expect.stringContaining('Tanqin security event'),
    ]);
  });

  it('lets a confirmation expire; the organisation sends a new link, a few a day per address', async () => {
    const org = await createOrganization(server.baseUrl);
    const other = await createOrganization(server.baseUrl);
    const address = mailbox('late');
    const created = await createPreference(org.token, {
      notification_type: 'email',
      event_types: ['ip_blocked'],
      destination: address,
    });
    const id = created.body.notification_preference.id;
    const expired = confirmationToken(address);
    clock.advance(24 * 3600_000 + 1000);
    const token = await signIn(org.admin);
    expect((await confirm(expired)).body.code).toBe('destination_token_invalid');
    const resend = (as: string, preferenceId = id) =>
      request(
        server.baseUrl,
        'POST',
        `/api/v1/security/notifications/${preferenceId}/confirmation`,
        {
          token: as,
        },
      );
    expect((await resend(await signIn(other.admin))).status).toBe(404);
    const again = await resend(token);
    expect(again.status).toBe(202);
    expect(again.body.notification_preference).toMatchObject({
      id,
      confirmed_at: null,
      confirmation_expires_at: new Date(clock.now().getTime() + 24 * 3600_000).toISOString(),
    });
    const fresh = confirmationToken(address);
    expect(fresh).not.toBe(expired);
    // Three links a day to one address (the expired one, a day old, no longer counts).
    expect((await resend(token)).status).toBe(202);
    expect((await resend(token)).status).toBe(202);
    const limited = await resend(token);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(outbox().filter((m) => m.to === address)).toHaveLength(4);
    // Only the newest link works.
    expect((await confirm(fresh)).body.code).toBe('destination_token_invalid');
    expect((await confirm(confirmationToken(address))).status).toBe(200);
    const done = await resend(token);
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('destination_confirmed');
    const hook = await createPreference(token, {
      notification_type: 'webhook',
      event_types: ['ip_blocked'],
      destination: `https://${PARTNER_HOST}/hooks`,
    });
    expect(hook.body.notification_preference.confirmed_at).toBe(clock.now().toISOString());
    expect((await resend(token, hook.body.notification_preference.id)).status).toBe(409);
  });

  it('counts event mails against the address limits: over them, the mail waits for its retry', async () => {
    const org = await createOrganization(server.baseUrl);
    const address = mailbox('busy');
    const email = await createConfirmed(org.token, {
      notification_type: 'email',
      event_types: ['ip_blocked'],
      destination: address,
    });
    const id = email.body.notification_preference.id;
    // The confirmation took one of the hour's messages; tests take the rest.
    for (let i = 1; i < DESTINATION_MESSAGES_PER_HOUR; i++) {
      const test = await request(
        server.baseUrl,
        'POST',
        `/api/v1/security/notifications/${id}/test`,
        {
          token: org.token,
        },
      );
      expect(test.status).toBe(200);
    }
    await recordSecurityEvent(server.ctx, {
      organizationId: org.organization.id,
      type: 'ip_blocked',
      severity: 'warning',
      description: 'Request from 198.51.100.7 refused: not a trusted IP',
      clientIp: '198.51.100.7',
      isBlockedRequest: true,
    });
    await deliverDueNotifications(server.ctx);
    const [waiting] = await deliveriesOf(org.token, id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.last_error).toContain('Too many messages');
    expect(
      outbox().filter((m) => m.to === address && m.subject.includes('security event')),
    ).toEqual([]);
  });

  it('queues at most a bounded number of notifications per preference and minute', async () => {
    const org = await createOrganization(server.baseUrl);
    const soc = mailbox();
    const email = await createConfirmed(org.token, {
      notification_type: 'email',
      event_types: ['ip_blocked'],
      destination: soc,
    });
    // Refusals from many addresses are many event rows, but not a flood of mail.
    const refuse = (n: number) =>
      recordSecurityEvent(server.ctx, {
        organizationId: org.organization.id,
        type: 'ip_blocked',
        severity: 'warning',
        description: `Request from 198.51.100.${n} refused: not a trusted IP`,
        clientIp: `198.51.100.${n}`,
        isBlockedRequest: true,
      });
    for (let n = 0; n < MAX_NOTIFICATIONS_PER_MINUTE + 5; n++) await refuse(n);
    const count = async () => {
      const [row] = await server.db.query<{ n: number }>(
        'select count(*)::int as n from notification_deliveries where preference_id = $1',
        [email.body.notification_preference.id],
      );
      return row!.n;
    };
    expect(await count()).toBe(MAX_NOTIFICATIONS_PER_MINUTE);
    const [events] = await server.db.query(
      'select count(*)::int as n from security_events where organization_id = $1',
      [org.organization.id],
    );
    expect(events).toEqual({ n: MAX_NOTIFICATIONS_PER_MINUTE + 5 });
    clock.advance(61_000);
    await refuse(200);
    expect(await count()).toBe(MAX_NOTIFICATIONS_PER_MINUTE + 1);
    await deliverDueNotifications(server.ctx);
  });

  it('retries a failing receiver with exponential backoff on the injectable clock, then gives up', async () => {
    const { org, hit } = await rateLimitedIntegrator();
    const hook = await createPreference(org.token, {
      notification_type: 'webhook',
      event_types: ['rate_limit_exceeded'],
      destination: `https://${PARTNER_HOST}/hook`,
    });
    const preferenceId = hook.body.notification_preference.id;
    receiver.answerWith(500, 503);
    await hit();
    await hit();

    await deliverDueNotifications(server.ctx);
    let [delivery] = await deliveriesOf(org.token, preferenceId);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'HTTP 500',
      response_status: 500,
      last_attempt_at: clock.now().toISOString(),
      next_attempt_at: new Date(clock.now().getTime() + 30_000).toISOString(),
    });
    const [event] = await server.db.query('select notified_at from security_events where id = $1', [
      delivery!.event_id,
    ]);
    expect(event).toEqual({ notified_at: null });

    // Not due yet: nothing is sent.
    clock.advance(29_000);
    expect(await deliverDueNotifications(server.ctx)).toBe(0);
    clock.advance(1000);
    await deliverDueNotifications(server.ctx);
    [delivery] = await deliveriesOf(org.token, preferenceId);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 2,
      last_error: 'HTTP 503',
      next_attempt_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    clock.advance(60_000);
    await deliverDueNotifications(server.ctx);
    [delivery] = await deliveriesOf(org.token, preferenceId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, last_error: null });
    expect(receiver.received).toHaveLength(3);
    // One message, three attempts: the same webhook-id each time, each validly signed.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received.every((r) => verifyStandardWebhook(hook.body.signing_secret, r))).toBe(
      true,
    );
    const [notified] = await server.db.query(
      'select notified_at from security_events where id = $1',
      [delivery!.event_id],
    );
    expect(notified).toEqual({ notified_at: clock.now() });

    // A receiver that never recovers: attempts stop at the maximum, marked failed.
    receiver.received.length = 0;
    clock.advance(60_000);
    receiver.answerWith(...Array(MAX_DELIVERY_ATTEMPTS).fill(500));
    await hit();
    await hit();
    await deliverDueNotifications(server.ctx);
    for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt));
      await deliverDueNotifications(server.ctx);
    }
    clock.advance(24 * 3_600_000);
    expect(await deliverDueNotifications(server.ctx)).toBe(0);
    const [failed] = await deliveriesOf(await signIn(org.admin), preferenceId);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      last_error: 'HTTP 500',
      next_attempt_at: null,
      delivered_at: null,
    });
    expect(receiver.received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
  });

  it('checks the destination again at delivery time: a name that now resolves privately gets nothing', async () => {
    const { org, hit } = await rateLimitedIntegrator();
    net.dns.set('rebind.partner.example', [PARTNER_ADDRESS]);
    const hook = await createPreference(org.token, {
      notification_type: 'webhook',
      event_types: ['rate_limit_exceeded'],
      destination: 'https://rebind.partner.example/hook',
    });
    expect(hook.status).toBe(201);
    net.dns.set('rebind.partner.example', ['127.0.0.1']);
    await hit();
    await hit();
    await deliverDueNotifications(server.ctx);
    expect(net.posts).toEqual([]);
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveriesOf(org.token, hook.body.notification_preference.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'The host rebind.partner.example resolves to a non-public address',
    });

    // A preference switched off before its turn sends nothing either.
    await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/security/notifications/${hook.body.notification_preference.id}`,
      { token: org.token, json: { is_active: false } },
    );
    net.dns.set('rebind.partner.example', [PARTNER_ADDRESS]);
    clock.advance(30_000);
    await deliverDueNotifications(server.ctx);
    expect(receiver.received).toEqual([]);
    const [cancelled] = await deliveriesOf(org.token, hook.body.notification_preference.id);
    expect(cancelled).toMatchObject({
      status: 'failed',
      last_error: 'The notification preference is switched off',
    });
  });

  it('replays a delivered or failed notification as the same message, and refuses a pending one', async () => {
    const { org, hit } = await rateLimitedIntegrator();
    const hook = await createPreference(org.token, {
      notification_type: 'webhook',
      event_types: ['rate_limit_exceeded'],
      destination: `https://${PARTNER_HOST}/hook`,
    });
    const preferenceId = hook.body.notification_preference.id;
    await hit();
    await hit();
    const [pending] = await deliveriesOf(org.token, preferenceId);
    const replay = (id: string, token = org.token) =>
      request(server.baseUrl, 'POST', `/api/v1/security/notifications/deliveries/${id}/replay`, {
        token,
      });
    const early = await replay(pending!.id);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('delivery_pending');

    await deliverDueNotifications(server.ctx);
    clock.advance(5000);
    const replayed = await replay(pending!.id);
    expect(replayed.status).toBe(202);
    expect(Object.keys(replayed.body.delivery).sort()).toEqual(DELIVERY_FIELDS);
    expect(replayed.body.delivery).toMatchObject({
      status: 'pending',
      attempts: 0,
      replay_of: pending!.id,
      event_id: pending!.event_id,
    });
    await deliverDueNotifications(server.ctx);
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(Number(second!.headers['webhook-timestamp'])).toBe(
      Number(first!.headers['webhook-timestamp']) + 5,
    );
    expect(verifyStandardWebhook(hook.body.signing_secret, second!)).toBe(true);
    const log = await deliveriesOf(org.token, preferenceId);
    expect(log.map((d) => [d.status, d.replay_of])).toEqual([
      ['delivered', pending!.id],
      ['delivered', null],
    ]);

    const intruder = await createOrganization(server.baseUrl);
    expect((await replay(pending!.id, intruder.token)).status).toBe(404);
    expect((await replay('not-a-uuid')).status).toBe(400);
    expect((await replay('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("answers 404 for another organisation's preferences and deliveries; viewers only read", async () => {
    const owner = await createOrganization(server.baseUrl);
    const soc = mailbox();
    const intruder = await createOrganization(server.baseUrl);
    const created = await createPreference(owner.token, {
      notification_type: 'email',
      event_types: ['ip_blocked'],
      destination: soc,
    });
    const id = created.body.notification_preference.id;
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `/api/v1/security/notifications/${id}`, { is_active: false }],
      ['DELETE', `/api/v1/security/notifications/${id}`, undefined],
      ['GET', `/api/v1/security/notifications/${id}/deliveries`, undefined],
      ['GET', `/api/v1/security/notifications?organization_id=${owner.organization.id}`, undefined],
      [
        'POST',
        '/api/v1/security/notifications',
        {
          notification_type: 'email',
          event_types: ['ip_blocked'],
          destination: mailbox('x'),
          organization_id: owner.organization.id,
        },
      ],
    ];
    for (const [method, path, json] of attempts) {
      const res = await request(server.baseUrl, method, path, { token: intruder.token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const [row] = await server.db.query(
      'select is_active from notification_preferences where id = $1',
      [id],
    );
    expect(row).toEqual({ is_active: true });
    expect(
      (
        await request(server.baseUrl, 'GET', '/api/v1/security/notifications', {
          token: intruder.token,
        })
      ).body.notification_preferences,
    ).toEqual([]);

    await server.db.query(
      `update organization_members set role = 'viewer' where organization_id = $1`,
      [owner.organization.id],
    );
    const list = await request(server.baseUrl, 'GET', '/api/v1/security/notifications', {
      token: owner.token,
    });
    expect(list.status).toBe(200);
    const create = await createPreference(owner.token, {
      notification_type: 'email',
      event_types: ['ip_blocked'],
      destination: mailbox('y'),
    });
    expect(create.status).toBe(403);
    const toggle = await request(server.baseUrl, 'PATCH', `/api/v1/security/notifications/${id}`, {
      token: owner.token,
      json: { is_active: false },
    });
    expect(toggle.status).toBe(403);
    const bad = await request(server.baseUrl, 'PATCH', `/api/v1/security/notifications/${id}`, {
      token: owner.token,
      json: { is_active: 'off' },
    });
    // Who may call is settled before the body is read: a viewer learns nothing from a 400.
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe('forbidden');
  });
});

describe.each(databaseKinds)('security notifications by SMTP on %s', (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tanqin Security <security@tanqin.sa>' },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the email through SMTP_URL and writes nothing to the outbox', async () => {
    const org = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1 });
    await request(server.baseUrl, 'POST', '/api/v1/security/notifications', {
      token: org.token,
      json: {
        notification_type: 'email',
        event_types: ['rate_limit_exceeded'],
        destination: 'soc@example.sa',
      },
    });
    // The confirmation link goes by SMTP too; its owner confirms.
    expect(smtp.messages).toHaveLength(1);
    const token = /#token=(tqnd_[0-9A-Za-z]+)/.exec(decodeMailBody(smtp.messages[0]!.data).text);
    const confirmed = await request(
      server.baseUrl,
      'POST',
      '/api/v1/notification-destinations/confirm',
      { json: { token: token?.[1] } },
    );
    expect(confirmed.status).toBe(200);
    await org.call('GET', '/v1/tokens/tok_x/status');
    await org.call('GET', '/v1/tokens/tok_x/status');
    await deliverDueNotifications(server.ctx);
    expect(smtp.messages).toHaveLength(2);
    const message = smtp.messages[1];
    expect(message).toMatchObject({ from: 'security@tanqin.sa', to: ['soc@example.sa'] });
    const { headers, text } = decodeMailBody(message!.data);
    expect(headers).toMatch(/^To: soc@example\.sa$/m);
    expect(headers).toMatch(/^Subject: /m);
    expect(text).toContain('تجاوز حد الطلبات');
    expect(text).toContain('was refused for exceeding the rate limit');
    expect(() => readFileSync(outboxPath(server.ctx.config.dataDir))).toThrow();
  });
});
