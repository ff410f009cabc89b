import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  createIntegrator,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { signIn } from './members-helpers.ts';

const person = { full_name: 'ريم الشهري', national_id: '1098765432' };
const DETAIL_FIELDS = [
  'app_link',
  'client_id',
  'contact_person',
  'created_at',
  'email',
  'geo_blocking_enabled',
  'id',
  'name',
  'phone',
  'require_ip_whitelist',
  'role',
  'time_zone',
  'type',
];

describe.each(databaseKinds)('organisation profile and credentials on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, token?: string, json?: unknown) =>
    request(server.baseUrl, method, path, { token, json });
  const oauth = (clientId: string, clientSecret: string) =>
    call('POST', '/v1/oauth/token', undefined, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });

  it("reads its own organisation's details with the caller's role", async () => {
    const org = await createOrganization(server.baseUrl);
    const res = await call('GET', `/api/v1/organizations/${org.organization.id}`, org.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(DETAIL_FIELDS);
    expect(res.body).toMatchObject({
      id: org.organization.id,
      name: org.organization.name,
      type: 'private',
      phone: '0112345678',
      contact_person: 'سارة العتيبي',
      time_zone: 'Asia/Riyadh',
      client_id: org.organization.client_id,
      require_ip_whitelist: false,
      geo_blocking_enabled: false,
      role: 'owner',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('saves the profile: name, contact person, phone (empty clears it) and time zone', async () => {
    const org = await createOrganization(server.baseUrl);
    const path = `/api/v1/organizations/${org.organization.id}`;
    const res = await call('PATCH', path, org.token, {
      name: '  هيئة الاختبار  ',
      contact_person: 'خالد الدوسري',
      phone: '',
      time_zone: 'Europe/London',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(DETAIL_FIELDS);
    expect(res.body).toMatchObject({
      name: 'هيئة الاختبار',
      contact_person: 'خالد الدوسري',
      phone: null,
      time_zone: 'Europe/London',
      role: 'owner',
    });
    expect((await call('GET', path, org.token)).body).toEqual(res.body);

    // Only the fields sent change.
    const partial = await call('PATCH', path, org.token, { phone: '0119998877' });
    expect(partial.body).toMatchObject({
      name: 'هيئة الاختبار',
      phone: '0119998877',
      time_zone: 'Europe/London',
      app_link: null,
    });

    // The app link that answers verification requests (issue 33): https, with {request_id}.
    const link = 'https://app.example.sa/answer?request={request_id}';
    expect((await call('PATCH', path, org.token, { app_link: link })).body.app_link).toBe(link);
    for (const bad of ['http://app.example.sa/{request_id}', 'https://app.example.sa/answer']) {
      const refused = await call('PATCH', path, org.token, { app_link: bad });
      expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    }
    expect((await call('PATCH', path, org.token, { app_link: '' })).body.app_link).toBeNull();
  });

  it('refuses an empty name or contact person and a time zone that is not a real zone', async () => {
    const org = await createOrganization(server.baseUrl);
    const path = `/api/v1/organizations/${org.organization.id}`;
    const res = await call('PATCH', path, org.token, {
      name: ' ',
      contact_person: '',
      time_zone: 'Mars/Olympus_Mons',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(
      res.body.errors.map((e: { path: string; code: string }) => `${e.path}:${e.code}`),
    ).toEqual([
      'name:profileOrgNameRequired',
      'contact_person:contactPersonRequired',
      'time_zone:timeZoneInvalid',
    ]);
    expect(res.body.detail_ar).toBe('اسم الجهة مطلوب');
    for (const time_zone of ['+03:00', 'UTC+3', '', 'Asia/Riyadh; drop table']) {
      const bad = await call('PATCH', path, org.token, { time_zone });
      expect(bad.status, time_zone).toBe(400);
      expect(bad.body.errors[0].code).toBe('timeZoneInvalid');
    }
    const unchanged = await call('GET', path, org.token);
    expect(unchanged.body.name).toBe(org.organization.name);
    expect(unchanged.body.time_zone).toBe('Asia/Riyadh');
  });

  it("a new time zone moves the wallet's day at once", async () => {
    // 23:30 in Riyadh (UTC+3) on 10 March is 20:30 UTC.
    clock.set(new Date('2026-03-10T20:30:00Z'));
    const org = await createIntegrator(server.baseUrl);
    expect((await org.call('POST', '/v1/tokens/generate', { data: person })).status).toBe(201);
    // An hour later it is 11 March in Riyadh and still 10 March in UTC.
    clock.set(new Date('2026-03-10T21:30:00Z'));
    const token = await signIn(server, org.admin.email, org.admin.password);
    const wallet = async () => (await call('GET', '/api/v1/wallet', token)).body;
    expect(await wallet()).toMatchObject({ total_calls: 1, calls_today: 0, calls_this_month: 1 });
    const changed = await call('PATCH', `/api/v1/organizations/${org.organization.id}`, token, {
      time_zone: 'UTC',
    });
    expect(changed.status).toBe(200);
    expect(await wallet()).toMatchObject({ total_calls: 1, calls_today: 1, calls_this_month: 1 });
  });

  it('rotates the client secret: shown once, no-store, and the old one stops working at once', async () => {
    const org = await createOrganization(server.baseUrl);
    const path = `/api/v1/organizations/${org.organization.id}`;
    const before = await call('GET', `${path}/credentials`, org.token);
    expect(before.status).toBe(200);
    const oldSecret = before.body.client_secret as string;
    // The old secret works (and is now remembered by this process).
    expect((await oauth(org.organization.client_id, oldSecret)).status).toBe(200);

    const rotated = await call('POST', `${path}/credentials/rotate`, org.token);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(rotated.body).sort()).toEqual(['client_id', 'client_secret']);
    expect(rotated.body.client_id).toBe(org.organization.client_id);
    expect(rotated.body.client_secret).toMatch(/^tqcs_live_/);
    expect(rotated.body.client_secret).not.toBe(oldSecret);

    const old = await oauth(org.organization.client_id, oldSecret);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('invalid_client');
    expect((await oauth(org.organization.client_id, rotated.body.client_secret)).status).toBe(200);
    const after = await call('GET', `${path}/credentials`, org.token);
    expect(after.body.client_secret).toBe(rotated.body.client_secret);
  });

  it("answers 404 for another organisation's id on every organisation path, and changes nothing", async () => {
    const org = await createOrganization(server.baseUrl);
    const other = await createOrganization(server.baseUrl);
    const otherPath = `/api/v1/organizations/${other.organization.id}`;
    const otherSecret = (await call('GET', `${otherPath}/credentials`, other.token)).body
      .client_secret;
    const cases: Array<[string, string, unknown?]> = [
      ['GET', otherPath],
      ['PATCH', otherPath, { name: 'استيلاء' }],
      ['GET', `${otherPath}/dashboard`],
      ['GET', `${otherPath}/credentials`],
      ['POST', `${otherPath}/credentials/rotate`],
      ['GET', `${otherPath}/members`],
      ['POST', `${otherPath}/members/invite`, { email: 'x@example.sa', role: 'viewer' }],
      ['GET', '/api/v1/organizations/not-a-uuid'],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(method, path, org.token, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('not_found');
    }
    const details = await call('GET', otherPath, other.token);
    expect(details.body.name).toBe(other.organization.name);
    expect((await call('GET', `${otherPath}/credentials`, other.token)).body.client_secret).toBe(
      otherSecret,
    );
    expect((await call('GET', `${otherPath}/members`, other.token)).body.invitations).toEqual([]);
  });
});
