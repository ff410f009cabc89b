import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { fromIp } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

describe.each(databaseKinds)('a user sees and ends their sessions on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  /** Another sign-in of the same account, from a device and an address. */
  async function signIn(
    account: { email: string; password: string },
    userAgent: string,
    ip: string,
  ) {
    const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: account.email, password: account.password },
      headers: { 'user-agent': userAgent, ...fromIp(ip) },
    });
    expect(res.status).toBe(200);
    return {
      token: res.body.token as string,
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    };
  }
  const sessionsOf = async (token: string) => {
    const res = await request(server.baseUrl, 'GET', '/api/v1/auth/sessions', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return res.body.sessions as any[];
  };

  it('lists each device and place, marks the current one, ends another at once', async () => {
    const person = await createIndividual(server);
    // Registration and the first sign-in are sessions too.
    const before = (await sessionsOf(person.token)).length;
    const phone = await signIn(person, IPHONE, '8.8.8.8');
    clock.advance(1000);
    const laptop = await signIn(person, WINDOWS_EDGE, '1.1.1.1');

    const sessions = await sessionsOf(laptop.token);
    expect(sessions).toHaveLength(before + 2);
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      device: { browser: 'Edge', os: 'Windows', kind: 'desktop' },
      ip: '1.1.1.1',
      last_seen_at: clock.now().toISOString(),
    });
    const phoneSession = sessions.find((session) => session.ip === '8.8.8.8');
    expect(phoneSession).toMatchObject({
      current: false,
      device: { browser: 'Safari', os: 'iOS', kind: 'mobile' },
      user_agent: IPHONE,
      country: 'US',
    });

    const ended = await request(
      server.baseUrl,
      'DELETE',
      `/api/v1/auth/sessions/${phoneSession.id}`,
      { token: laptop.token },
    );
    expect(ended.status).toBe(200);
    // At once: the phone's access token and its refresh cookie no longer work.
    const refused = await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token: phone.token });
    expect(refused.status).toBe(401);
    const refreshed = await request(
      server.baseUrl,
      'POST',
      '/api/v1/auth/refresh?kind=individual',
      {
        headers: { cookie: phone.cookie },
      },
    );
    expect(refreshed.status).toBe(401);
    expect((await sessionsOf(laptop.token)).map((session) => session.id)).not.toContain(
      phoneSession.id,
    );
    // Again: it is no longer an open session of theirs.
    const again = await request(
      server.baseUrl,
      'DELETE',
      `/api/v1/auth/sessions/${phoneSession.id}`,
      { token: laptop.token },
    );
    expect(again.status).toBe(404);
  });

  it('answers 404 for another user’s session, an unknown one and a malformed id', async () => {
    const person = await createIndividual(server);
    const stranger = await createIndividual(server);
    const strangers = await sessionsOf(stranger.token);
    const strangerSession = strangers.find((session) => session.current);
    for (const id of [strangerSession.id, '00000000-0000-4000-8000-000000000000', 'nonsense']) {
      const res = await request(server.baseUrl, 'DELETE', `/api/v1/auth/sessions/${id}`, {
        token: person.token,
      });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    // The stranger's session is untouched.
    expect(await sessionsOf(stranger.token)).toHaveLength(strangers.length);
  });

  it('ends every other session of an organisation member and keeps the current one', async () => {
    const org = await createOrganization(server.baseUrl);
    const other = await signIn(org.admin, IPHONE, '8.8.4.4');
    await signIn(org.admin, WINDOWS_EDGE, '8.8.4.4');
    expect(await sessionsOf(org.token)).toHaveLength(3);

    const res = await request(server.baseUrl, 'POST', '/api/v1/auth/sessions/end-others', {
      token: org.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, ended: 2 });
    const left = await sessionsOf(org.token);
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    const refused = await request(server.baseUrl, 'GET', '/api/v1/auth/me', { token: other.token });
    expect(refused.status).toBe(401);
  });

  it('writes last activity at most once a minute', async () => {
    const person = await createIndividual(server);
    const lastSeen = async () =>
      (await sessionsOf(person.token)).find((session) => session.current).last_seen_at;
    const start = clock.now().toISOString();
    expect(await lastSeen()).toBe(start);
    clock.advance(30_000);
    expect(await lastSeen()).toBe(start);
    clock.advance(31_000);
    expect(await lastSeen()).toBe(clock.now().toISOString());
  });
});
