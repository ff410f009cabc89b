import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_TYPES } from '@tanqin/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createKey,
  createOrganization,
  emptyPostgresDatabase,
  request,
} from './harness.ts';
import { registrationBody } from './individuals-helpers.ts';
import { startWebhookReceiver } from './notifications-helpers.ts';
import { type ServerProcess, startServer } from './server-process.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROPAGATION_MS = 1000;

/** Two API processes as production runs them: one PostgreSQL, one Redis, background jobs on. */
/**
 * Waits until a background job has finished a run that began well after now (its interval is 2 s):
 * whatever it would send twice, it has had the chance to.
 */
async function untilJobRunsAgain(db: pg.Client, job: string) {
  const [{ now }] = (await db.query('select clock_timestamp() as now')).rows;
  await expect
    .poll(
      async () =>
        (
          await db.query(
            `select last_finished_at > $1::timestamptz + interval '2.5 seconds' as later
               from background_jobs where name = $2`,
            [now, job],
          )
        ).rows[0]?.later,
      { timeout: 15_000, interval: 200 },
    )
    .toBe(true);
}

describe('two API processes on one PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let first: ServerProcess;
  let second: ServerProcess;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  /** Every status process 2 answered: none may be a 5xx. */
  const answers: number[] = [];
  let org: Awaited<ReturnType<typeof createOrganization>>;
  /** Each process's data folder, where its local outbox is. */
  const dataDirs: string[] = [];
  const newDataDir = (name: string) => {
    dataDirs.push(mkdtempSync(path.join(tmpdir(), `tanqin-${name}-`)));
    return dataDirs.at(-1)!;
  };

  beforeAll(async () => {
    database = await emptyPostgresDatabase('tanqin_two');
    receiver = await startWebhookReceiver();
    const env = (name: string) => ({
      DATABASE_URL: database!.url,
      REDIS_URL: redisUrl,
      DATA_DIR: newDataDir(name),
      JWT_SECRET: 'two-process-jwt-secret-0123456789abcdef',
      TOKEN_PEPPER: 'two-process-pepper-0123456789abcdef0123',
      // Calls carry their address in X-Forwarded-For (a public one, with a country).
      TRUST_PROXY: 'true',
      NODE_ENV: 'test',
      WEBHOOK_RECEIVER_URL: receiver.url,
    });
    // One after the other: the first migrates the new database.
    first = await startServer(env('first'), 'apps/api/test/two-process-server.ts');
    second = await startServer(env('second'), 'apps/api/test/two-process-server.ts');
    org = await createOrganization(first.baseUrl);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await receiver?.close();
    await database?.drop();
    expect(answers.filter((status) => status >= 500)).toEqual([]);
  });

  const dashboard = (method: string, urlPath: string, json?: unknown) =>
    request(first.baseUrl, method, urlPath, { token: org.token, json });
  const US_ADDRESS = '8.8.8.8';

  /** A generate call on process 2 with these credentials, from `ip`. */
  const generateOnSecond = async (headers: Record<string, string>, ip = US_ADDRESS) => {
    const res = await request(second.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: { ...headers, 'x-forwarded-for': ip },
      json: { data: { name: 'سارة' }, expires_in: 300 },
    });
    answers.push(res.status);
    return res;
  };

  /**
   * Makes a change on process 1, then calls process 2 until it answers `expected` (measured
   * from the change's answer): within a second, or the test fails.
   */
  async function changeReachesSecond(
    change: () => Promise<{ status: number }>,
    call: () => Promise<{ status: number; body: any }>,
    expected: { status: number; code?: string },
  ) {
    const changed = await change();
    expect(changed.status, JSON.stringify(changed)).toBeLessThan(300);
    const since = performance.now();
    for (;;) {
      const res = await call();
      if (res.status === expected.status) {
        if (expected.code) expect(res.body.code).toBe(expected.code);
        return performance.now() - since;
      }
      const elapsed = performance.now() - since;
      if (elapsed > PROPAGATION_MS) {
        throw new Error(`process 2 still answered ${res.status} after ${Math.round(elapsed)} ms`);
      }
    }
  }

  it('ends a key switched off or deleted on process 1 on process 2 within a second', async () => {
    const key = await createKey(first.baseUrl, org.token);
    const headers = basicAuth(org.organization.client_id, key);
    expect((await generateOnSecond(headers)).status).toBe(201);
    await changeReachesSecond(
      () => dashboard('PATCH', `/api/v1/security/api-keys/${key.id}`, { is_active: false }),
      () => generateOnSecond(headers),
      { status: 401, code: 'key_inactive' },
    );

    const doomed = await createKey(first.baseUrl, org.token);
    const doomedHeaders = basicAuth(org.organization.client_id, doomed);
    expect((await generateOnSecond(doomedHeaders)).status).toBe(201);
    await changeReachesSecond(
      () => dashboard('DELETE', `/api/v1/security/api-keys/${doomed.id}`),
      () => generateOnSecond(doomedHeaders),
      { status: 401, code: 'invalid_api_key' },
    );
  });

  it('applies IP allow-listing and its trusted IPs, and country rules, within a second', async () => {
    const key = await createKey(first.baseUrl, org.token);
    const headers = basicAuth(org.organization.client_id, key);
    expect((await generateOnSecond(headers)).status).toBe(201);
    // Allow-listing on, with someone else's address only: ours is refused.
    await dashboard('POST', '/api/v1/security/trusted-ips', {
      ip_address: '203.0.113.7',
      description: 'office',
    });
    await changeReachesSecond(
      () =>
        dashboard('PATCH', '/api/v1/security/organization-settings', {
          require_ip_whitelist: true,
        }),
      () => generateOnSecond(headers),
      { status: 403, code: 'ip_not_allowed' },
    );
    // Our address trusted: admitted; removed again: refused.
    let trusted: Awaited<ReturnType<typeof dashboard>> | undefined;
    await changeReachesSecond(
      async () => {
        trusted = await dashboard('POST', '/api/v1/security/trusted-ips', {
          ip_address: US_ADDRESS,
          description: 'data centre',
        });
        return trusted;
      },
      () => generateOnSecond(headers),
      { status: 201 },
    );
    await changeReachesSecond(
      () => dashboard('DELETE', `/api/v1/security/trusted-ips/${trusted!.body.trusted_ip.id}`),
      () => generateOnSecond(headers),
      { status: 403, code: 'ip_not_allowed' },
    );
    // Refusals from a dozen addresses: a dozen ip_blocked events to notify (see the last test).
    for (let n = 1; n <= 12; n++) {
      expect((await generateOnSecond(headers, `81.2.69.${n}`)).status).toBe(403);
    }
    await dashboard('PATCH', '/api/v1/security/organization-settings', {
      require_ip_whitelist: false,
    });

    // Geo blocking on: a country ruled out is refused on process 2 within a second.
    await dashboard('PATCH', '/api/v1/security/organization-settings', {
      geo_blocking_enabled: true,
    });
    await changeReachesSecond(
      () =>
        dashboard('POST', '/api/v1/security/country-rules', {
          country_code: 'US',
          is_allowed: false,
        }),
      () => generateOnSecond(headers),
      { status: 403, code: 'country_not_allowed' },
    );
    // The policy switched to "allow only these", with the US listed: admitted within a second.
    await changeReachesSecond(
      () =>
        dashboard('PUT', '/api/v1/security/country-policy', { mode: 'allow', countries: ['US'] }),
      () => generateOnSecond(headers),
      { status: 201 },
    );
    await dashboard('PATCH', '/api/v1/security/organization-settings', {
      geo_blocking_enabled: false,
    });
  });

  it('ends a rotated client secret and its access tokens on process 2 within a second', async () => {
    const path = `/api/v1/organizations/${org.organization.id}/credentials`;
    const { body: credentials } = await dashboard('GET', path);
    const clientId = org.organization.client_id;
    const own = basicAuth(clientId, {
      api_key: credentials.client_id,
      api_secret: credentials.client_secret,
    });
    const token = await request(second.baseUrl, 'POST', '/v1/oauth/token', {
      json: {
        grant_type: 'client_credentials',
        client_id: credentials.client_id,
        client_secret: credentials.client_secret,
      },
    });
    expect(token.status).toBe(200);
    const bearer = { 'x-client-id': clientId, authorization: `Bearer ${token.body.access_token}` };
    expect((await generateOnSecond(own)).status).toBe(201);
    expect((await generateOnSecond(bearer)).status).toBe(201);
    await changeReachesSecond(
      () => dashboard('POST', `${path}/rotate`),
      () => generateOnSecond(own),
      { status: 401, code: 'invalid_api_key' },
    );
    const refused = await generateOnSecond(bearer);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_token');
  });

  it('refuses on process 2 a code revoked on process 1 at once', async () => {
    const key = await createKey(first.baseUrl, org.token, {
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const headers = {
      ...basicAuth(org.organization.client_id, key),
      'x-forwarded-for': US_ADDRESS,
    };
    const issued = await request(first.baseUrl, 'POST', '/v1/tokens/generate', {
      headers,
      json: { data: { name: 'سارة' } },
    });
    const verifyOnSecond = async () => {
      const res = await request(second.baseUrl, 'POST', '/v1/tokens/verify', {
        headers,
        json: { token: issued.body.token },
      });
      answers.push(res.status);
      return res;
    };
    await changeReachesSecond(
      () =>
        request(first.baseUrl, 'POST', `/v1/tokens/${issued.body.token_id}/revoke`, { headers }),
      verifyOnSecond,
      { status: 410, code: 'token_revoked' },
    );
  });

  it('refuses on process 2, at once, a session ended on process 1', async () => {
    const other = await request(second.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: org.admin.email, password: org.admin.password },
      headers: { 'x-forwarded-for': US_ADDRESS },
    });
    expect(other.status).toBe(200);
    const listed = await request(first.baseUrl, 'GET', '/api/v1/auth/sessions', {
      token: other.body.token,
    });
    const id = listed.body.sessions.find((session: { current: boolean }) => session.current).id;
    const ended = await request(first.baseUrl, 'DELETE', `/api/v1/auth/sessions/${id}`, {
      token: org.token,
    });
    expect(ended.status).toBe(200);
    // No wait: the very next request on the other process is refused.
    const refused = await request(second.baseUrl, 'GET', '/api/v1/auth/me', {
      token: other.body.token,
    });
    answers.push(refused.status);
    expect(refused.status).toBe(401);
  });

  it('raises one suspicious_activity for failures spread over addresses and both processes', async () => {
    const target = await createOrganization(first.baseUrl);
    const wrongSecret = basicAuth(target.organization.client_id, {
      api_key: target.organization.client_id,
      api_secret: 'tqs_live_wrong_secret',
    });
    for (let i = 0; i < 20; i++) {
      const res = await request(
        i % 2 ? second.baseUrl : first.baseUrl,
        'POST',
        '/v1/tokens/generate',
        {
          headers: { ...wrongSecret, 'x-forwarded-for': `198.51.100.${100 + i}` },
          json: { data: { name: 'x' } },
        },
      );
      expect(res.status).toBe(401);
    }
    const events = await request(first.baseUrl, 'GET', '/api/v1/security/events', {
      token: target.token,
    });
    const suspicious = events.body.events.filter(
      (event: { event_type: string }) => event.event_type === 'suspicious_activity',
    );
    expect(suspicious).toHaveLength(1);
    expect(suspicious[0]).toMatchObject({
      event_severity: 'critical',
      client_ip: null,
      additional_data: {
        failure: 'authentication',
        spread: 'organization',
        failures_in_window: 20,
      },
    });
  });

  it('delivers each webhook notification once although both processes run deliveries', async () => {
    // Subscribed now: only the events below are notified.
    const preference = await dashboard('POST', '/api/v1/security/notifications', {
      notification_type: 'webhook',
      event_types: [...EVENT_TYPES],
      destination: 'https://hooks.example.com/tanqin',
    });
    expect(preference.status).toBe(201);
    const key = await createKey(first.baseUrl, org.token, { allowed_ips: ['203.0.113.7'] });
    const headers = basicAuth(org.organization.client_id, key);
    // Fifteen refusals from fifteen addresses, half on each process: fifteen events.
    for (let n = 1; n <= 15; n++) {
      const target = n % 2 ? first : second;
      const res = await request(target.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: { ...headers, 'x-forwarded-for': `81.2.70.${n}` },
        json: { data: { name: 'سارة' } },
      });
      expect(res.status).toBe(403);
    }
    const deliveriesPath = `/api/v1/security/notifications/${preference.body.notification_preference.id}/deliveries`;
    const delivered = async () => {
      const { body } = await dashboard('GET', `${deliveriesPath}?page_size=200`);
      return (body.deliveries as Array<{ status: string; attempts: number }>).filter(
        (delivery) => delivery.status === 'delivered',
      );
    };
    await expect.poll(async () => (await delivered()).length, { timeout: 30_000 }).toBe(15);
    expect((await delivered()).map((delivery) => delivery.attempts)).toEqual(Array(15).fill(1));
    const ids = receiver.received.map((webhook) => webhook.headers['webhook-id']);
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
  });

  /** What both processes put in their outboxes, addressed to `to`. */
  const outboxesTo = (...to: string[]) =>
    dataDirs.flatMap((dir) => {
      const file = path.join(dir, 'outbox.jsonl');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { channel: string; to: string; text: string })
        .filter((entry) => to.includes(entry.to));
    });

  it('reads through process 2 a document uploaded through process 1, and the other way round', async () => {
    const person = registrationBody();
    const ip = { 'x-forwarded-for': '81.2.69.161' };
    const registered = await request(first.baseUrl, 'POST', '/api/v1/auth/register/individual', {
      json: person,
      headers: ip,
    });
    expect(registered.status).toBe(201);
    const code = outboxesTo(person.phoneNumber!)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    const confirmed = await request(first.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code },
      headers: ip,
    });
    expect(confirmed.status).toBe(200);
    const login = await request(second.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: person.email, password: person.password },
      headers: ip,
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${login.body.token}` };
    const pdf = Buffer.from('%PDF-1.4\n% uploaded through process 1\n%%EOF\n');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const read = async (server: ServerProcess, id: string) => {
      const res = await fetch(`${server.baseUrl}/api/v1/documents/${id}/file`, { headers: auth });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    const uploaded = await fetch(`${first.baseUrl}/api/v1/documents?type=national_id&name=id.pdf`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/pdf' },
      body: new Uint8Array(pdf),
    });
    expect(uploaded.status).toBe(201);
    const { id } = ((await uploaded.json()) as { document: { id: string } }).document;
    const listed = await request(second.baseUrl, 'GET', '/api/v1/documents', {
      token: login.body.token,
    });
    expect(listed.body.documents.map((document: { id: string }) => document.id)).toEqual([id]);
    expect(await read(second, id)).toEqual({ status: 200, bytes: pdf });

    const replaced = await fetch(`${second.baseUrl}/api/v1/documents/${id}/file?name=id.png`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(replaced.status).toBe(200);
    expect(await read(first, id)).toEqual({ status: 200, bytes: png });

    const deleted = await request(second.baseUrl, 'DELETE', `/api/v1/documents/${id}`, {
      token: login.body.token,
    });
    expect(deleted.status).toBe(200);
    expect((await read(first, id)).status).toBe(404);
    // Neither process kept a file of its own.
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'documents'))).toBe(false);
  });

  it('tells a person of each issue and use once although both processes run the notices job', async () => {
    const db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    try {
      const person = registrationBody();
      const ip = { 'x-forwarded-for': '81.2.69.160' };
      const registered = await request(first.baseUrl, 'POST', '/api/v1/auth/register/individual', {
        json: person,
        headers: ip,
      });
      expect(registered.status).toBe(201);
      const code = outboxesTo(person.phoneNumber!)
        .at(-1)
        ?.text.match(/\b(\d{6})\b/)?.[1];
      const confirmed = await request(first.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
        token: registered.body.token,
        json: { method: 'sms', code },
        headers: ip,
      });
      expect(confirmed.status).toBe(200);
      // Proven as the identity provider would (identity.test.ts proves it the real way).
      await db.query(
        `update users set identity_proven_at = now(), identity_provider = 'test' where email = $1`,
        [person.email],
      );
      const notices = () =>
        outboxesTo(person.email!, person.phoneNumber!).filter((entry) =>
          entry.text.includes('/dashboard'),
        );

      const key = await createKey(first.baseUrl, org.token);
      const generated = await request(second.baseUrl, 'POST', '/v1/tokens/generate', {
        headers: { ...basicAuth(org.organization.client_id, key), 'x-forwarded-for': US_ADDRESS },
        json: { data: { full_name: 'سارة' }, subject: { national_id: person.nationalId } },
      });
      expect(generated.status).toBe(201);
      await expect.poll(() => notices().length, { timeout: 10_000, interval: 100 }).toBe(2);
      const verified = await request(first.baseUrl, 'POST', '/v1/tokens/verify', {
        headers: { ...basicAuth(org.organization.client_id, key), 'x-forwarded-for': US_ADDRESS },
        json: { token: generated.body.token },
      });
      expect(verified.status).toBe(200);
      await expect.poll(() => notices().length, { timeout: 10_000, interval: 100 }).toBe(4);

      // Runs of both processes after the last notice send nothing again.
      await untilJobRunsAgain(db, 'person notices');
      expect(
        notices()
          .map((entry) => entry.channel)
          .sort(),
      ).toEqual(['email', 'email', 'sms', 'sms']);
      expect(notices().filter((entry) => entry.text.includes('استخدمت'))).toHaveLength(2);
    } finally {
      await db.end();
    }
  });

  it('sends a security notice once although both processes run the account notices job', async () => {
    const db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    try {
      // Its own account; a sign-in from a browser without the device cookie, on each process.
      const { admin } = await createOrganization(second.baseUrl);
      const credentials = { email: admin.email, password: admin.password };
      for (const server of [first, second]) {
        const res = await request(server.baseUrl, 'POST', '/api/v1/auth/login', {
          json: credentials,
        });
        expect(res.status).toBe(200);
      }
      const notices = () =>
        outboxesTo(admin.email).filter((entry) => entry.text.includes('من جهاز جديد'));
      // createOrganization's sign-in, and the two above.
      await expect.poll(() => notices().length, { timeout: 10_000, interval: 100 }).toBe(3);
      await untilJobRunsAgain(db, 'account notices');
      expect(notices()).toHaveLength(3);
      const [{ left }] = (await db.query('select count(*)::int as left from account_notices')).rows;
      expect(left).toBe(0);
    } finally {
      await db.end();
    }
  });
});
