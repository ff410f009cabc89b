import {
  DESTINATION_MESSAGES_PER_DAY,
  DESTINATION_MESSAGES_PER_HOUR,
  INVITATIONS_PER_ORGANIZATION_PER_HOUR,
} from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { deliverDueNotifications } from '../src/modules/notifications/notification-delivery.service.ts';
import { recordSecurityEvent } from '../src/modules/security/security-events.service.ts';
import { createOrganization, databaseKinds, request } from './harness.ts';
import {
  freshIp,
  fromIp,
  outbox,
  register,
  registerConfirmed,
  registrationBody,
  useIndividualsServer,
} from './individuals-helpers.ts';
import { invite, uniqueEmail } from './members-helpers.ts';

const HOUR_MS = 60 * 60_000;

describe.each(databaseKinds)(
  'no one floods a phone or a mailbox through the platform (%s)',
  (kind) => {
    const suite = useIndividualsServer(kind, '2026-03-01T09:00:00Z');
    const call = (method: string, path: string, options: Parameters<typeof request>[3] = {}) =>
      request(suite.server.baseUrl, method, path, options);
    const sentTo = (to: string) => outbox(suite.server).filter((entry) => entry.to === to).length;
    const expectLimited = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.status).toBe(429);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('destination_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    };
    let phones = 0;
    const victimPhone = () => `0559${String(Date.now() % 1e5).padStart(5, '0')}${phones++ % 10}`;

    it('registrations from 40 addresses naming one phone send it 5 codes an hour and 10 a day, and leave its mailbox alone', async () => {
      const phone = victimPhone();
      const answers: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await call('POST', '/api/v1/auth/register/individual', {
          json: registrationBody({ phoneNumber: phone, method: 'sms' }),
          headers: fromIp(freshIp()),
        });
        if (res.status === 429) expectLimited(res);
        answers.push(res.status);
      }
      expect(answers.filter((status) => status === 201)).toHaveLength(
        DESTINATION_MESSAGES_PER_HOUR,
      );
      expect(sentTo(phone)).toBe(DESTINATION_MESSAGES_PER_HOUR);
      // Nothing of a refused registration stays.
      const [{ accounts } = { accounts: -1 }] = await suite.server.db.query<{ accounts: number }>(
        'select count(*)::int as accounts from users where phone = $1',
        [phone],
      );
      expect(accounts).toBe(DESTINATION_MESSAGES_PER_HOUR);

      // The owner still has the other channel: a code by email to a mailbox of theirs goes.
      const byEmail = await register(suite.server, { phoneNumber: phone, method: 'email' });
      expect(byEmail.res.status).toBe(201);
      expect(sentTo(byEmail.body.email!)).toBe(1);

      // The next hour allows 5 more, and the day stops at 10.
      suite.clock.advance(HOUR_MS);
      for (let i = 0; i < 8; i++) {
        await call('POST', '/api/v1/auth/register/individual', {
          json: registrationBody({ phoneNumber: phone, method: 'sms' }),
          headers: fromIp(freshIp()),
        });
      }
      expect(sentTo(phone)).toBe(DESTINATION_MESSAGES_PER_DAY);
    });

    it('counts registrations, a resend and a contact change to the same phone together', async () => {
      const phone = victimPhone();
      // Three registrations naming the phone, a new code for one of them, and a person moving
      // their account to the phone: five. The next of either is refused.
      const people = [];
      for (let i = 0; i < 3; i++) people.push(await register(suite.server, { phoneNumber: phone }));
      suite.clock.advance(2 * 60_000);
      const resend = (token: string) =>
        call('POST', '/api/v1/auth/resend-code', { token, json: { method: 'sms' } });
      expect((await resend(people[0]!.token)).status).toBe(200);
      const mover = await registerConfirmed(suite.server);
      const moveTo = (newPhone: string) =>
        call('PATCH', '/api/v1/profile', {
          token: mover.token,
          headers: fromIp(mover.ip),
          json: {
            firstName: mover.body.firstName,
            lastName: mover.body.lastName,
            email: mover.body.email,
            phoneNumber: newPhone,
            language: 'ar',
            notifications: { email: false, sms: false, app: false },
          },
        });
      expect((await moveTo(phone)).status).toBe(200);
      expect(sentTo(phone)).toBe(DESTINATION_MESSAGES_PER_HOUR);
      expectLimited(await resend(people[1]!.token));
      suite.clock.advance(2 * 60_000);
      expectLimited(await moveTo(phone));
      expect(sentTo(phone)).toBe(DESTINATION_MESSAGES_PER_HOUR);
    });

    it('sends one mailbox at most 5 invitations an hour, records the refusal, and bounds an organisation’s invitations', async () => {
      const org = await createOrganization(suite.server.baseUrl);
      const victim = uniqueEmail('invited');
      const revoke = (id: string) =>
        call('DELETE', `/api/v1/organizations/${org.organization.id}/invitations/${id}`, {
          token: org.token,
        });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const sent = await invite(suite.server, org.token, org.organization.id, victim, 'viewer');
        statuses.push(sent.status);
        if (sent.status === 201) expect((await revoke(sent.body.invitation.id)).status).toBe(200);
        else expectLimited(sent);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(
        DESTINATION_MESSAGES_PER_HOUR,
      );
      expect(sentTo(victim)).toBe(DESTINATION_MESSAGES_PER_HOUR);
      const events = await call('GET', '/api/v1/security/events', { token: org.token });
      const refused = events.body.events.filter(
        (event: { additional_data: { failure?: string } | null }) =>
          event.additional_data?.failure === 'destination_limit',
      );
      expect(refused).toHaveLength(1);
      expect(JSON.stringify(refused[0])).not.toContain(victim);

      // Other addresses: the organisation's own bound stops the run.
      let limited: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < INVITATIONS_PER_ORGANIZATION_PER_HOUR && !limited; i++) {
        const sent = await invite(
          suite.server,
          org.token,
          org.organization.id,
          uniqueEmail(),
          'viewer',
        );
        if (sent.status !== 201) limited = sent;
      }
      expect(limited?.status).toBe(429);
      expect(limited?.body.code).toBe('invitations_limited');
    });

    it('a mailbox named by 8 notification preferences gets one message asking to confirm, and nothing else until it does', async () => {
      const org = await createOrganization(suite.server.baseUrl);
      const mailbox = uniqueEmail('soc');
      const preferences: string[] = [];
      for (let i = 0; i < 8; i++) {
        const created = await call('POST', '/api/v1/security/notifications', {
          token: org.token,
          json: {
            notification_type: 'email',
            event_types: ['geo_blocked', 'suspicious_activity'],
            destination: mailbox,
          },
        });
        expect(created.status).toBe(201);
        expect(created.body.notification_preference.confirmed_at).toBeNull();
        preferences.push(created.body.notification_preference.id);
      }
      for (const id of preferences) {
        const test = await call('POST', `/api/v1/security/notifications/${id}/test`, {
          token: org.token,
        });
        expect(test.status).toBe(409);
        expect(test.headers.get('content-type')).toContain('application/problem+json');
        expect(test.body.code).toBe('destination_unconfirmed');
      }
      // Events of the chosen types are not mailed to it either.
      await recordSecurityEvent(suite.server.ctx, {
        organizationId: org.organization.id,
        type: 'suspicious_activity',
        severity: 'warning',
        description: 'probe',
      });
      await deliverDueNotifications(suite.server.ctx);
      const received = outbox(suite.server).filter((entry) => entry.to === mailbox);
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toContain('Tanqin: confirm security alerts');
    });
  },
);
