import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createKey,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

describe.each(databaseKinds)('API keys on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('creates a key with the defaults and shows its secret exactly once', async () => {
    const org = await createOrganization(server.baseUrl);
    const created = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
      token: org.token,
      json: { key_name: 'تطبيق الجوال' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      key_name: 'تطبيق الجوال',
      scopes: ['token:generate', 'token:verify'],
      rate_limit_per_hour: 1000,
      rate_limit_per_minute: 60,
      allowed_ips: null,
      is_active: true,
    });
    expect(created.body.api_key).toMatch(/^tqk_live_[0-9A-Za-z]{28,}$/);
    expect(created.body.api_secret).toMatch(/^tqs_live_[0-9A-Za-z]{48,}$/);

    const list = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', {
      token: org.token,
    });
    expect(list.status).toBe(200);
    const [key] = list.body.api_keys;
    expect(Object.keys(key).sort()).toEqual(
      [
        'id',
        'key_name',
        'api_key',
        'mode',
        'scopes',
        'allowed_ips',
        'is_active',
        'created_at',
        'last_used_at',
        'last_used_ip',
        'expires_at',
        'usage_count',
        'rate_limit_per_hour',
        'rate_limit_per_minute',
        'requests_this_minute',
        'requests_this_hour',
        'requests_today',
        'requests_this_month',
        'critical_events_count',
        'secret_rolled_at',
        'previous_secret_expires_at',
      ].sort(),
    );
    expect(JSON.stringify(list.body)).not.toContain(created.body.api_secret);
    const [row] = await server.db.query<{ secret_hash: string }>(
      'select secret_hash from api_keys where id = $1',
      [created.body.id],
    );
    expect(row!.secret_hash).not.toContain(created.body.api_secret);
    expect(row!.secret_hash).toHaveLength(43);
  });

  it('counts the real usage of each key', async () => {
    const org = await createOrganization(server.baseUrl);
    const key = await createKey(server.baseUrl, org.token);
    const headers = {
      'x-client-id': org.organization.client_id,
      authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`,
    };
    for (let i = 0; i < 3; i++) {
      await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
        headers,
        json: { data: { n: i } },
      });
    }
    const list = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', {
      token: org.token,
    });
    expect(list.body.api_keys[0]).toMatchObject({
      usage_count: 3,
      requests_this_hour: 3,
      requests_today: 3,
      requests_this_month: 3,
      last_used_ip: '127.0.0.1',
    });
    expect(list.body.api_keys[0].last_used_at).toBeTruthy();
  });

  it("meters what counts against a key's limits: every admitted call, billed or not, test or live", async () => {
    const org = await createOrganization(server.baseUrl);
    const key = await createKey(server.baseUrl, org.token, {
      mode: 'test',
      rate_limit_per_minute: 3,
    });
    const headers = basicAuth(org.organization.client_id, key);
    const statuses = [];
    statuses.push(
      (
        await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
          headers,
          json: { data: { n: 1 } },
        })
      ).status,
    );
    // Admitted, then failed: an unknown code. Not billed, but the limits counted it.
    statuses.push(
      (
        await request(server.baseUrl, 'POST', '/v1/tokens/verify', {
          headers,
          json: { token: 'ABCD-EFGH-JKMN-PQRS-T' },
        })
      ).status,
    );
    statuses.push(
      (
        await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
          headers,
          json: { data: { n: 2 } },
        })
      ).status,
    );
    statuses.push(
      (
        await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
          headers,
          json: { data: { n: 3 } },
        })
      ).status,
    );
    expect(statuses.slice(0, 3).every((status) => status < 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    await server.ctx.requestLog.flush();

    const testCard = async () => {
      const list = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys?mode=test', {
        token: org.token,
      });
      return list.body.api_keys[0];
    };
    const card = await testCard();
    expect(card).toMatchObject({ mode: 'test', requests_this_minute: 3, requests_this_hour: 3 });
    // A test key's calls are not billed, yet the card knows it was used, and from where: the
    // last call is kept on the key, so it outlives the request log's retention too.
    expect(card.last_used_ip).toBe('127.0.0.1');
    const [lastLogged] = await server.db.query<{ at: Date }>(
      'select max(created_at) as at from request_log where api_key_id = $1',
      [key.id],
    );
    expect(new Date(card.last_used_at)).toEqual(lastLogged!.at);
    await server.db.query('delete from request_log where organization_id = $1', [
      org.organization.id,
    ]);
    expect((await testCard()).last_used_at).toBe(card.last_used_at);
  });

  it('validates every field and creates nothing on bad input', async () => {
    const org = await createOrganization(server.baseUrl);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ key_name: '' }, 'keyNameRequired'],
      [{ key_name: 'k', scopes: [] }, 'scopesRequired'],
      [{ key_name: 'k', scopes: ['token:destroy'] }, 'scopeUnknown'],
      [{ key_name: 'k', allowed_ips: '10.0.0.0/8, 300.1.1.1' }, 'ipInvalid'],
      [{ key_name: 'k', allowed_ips: '1.2.3.4/40' }, 'ipInvalid'],
      [{ key_name: 'k', rate_limit_per_hour: -5 }, 'rateLimitInvalid'],
      [{ key_name: 'k', rate_limit_per_minute: 'many' }, 'rateLimitInvalid'],
      [{ key_name: 'k', expires_at: 'tomorrow' }, 'expiresAtInvalid'],
      [{ key_name: 'k', expires_at: '2001-01-01T00:00' }, 'expiresAtPast'],
      [{ key_name: 'x'.repeat(500) }, 'tooLong'],
    ];
    for (const [json, code] of bad) {
      const res = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
        token: org.token,
        json,
      });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const big = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
      token: org.token,
      json: { key_name: 'k', allowed_ips: '1.1.1.1,'.repeat(100_000) },
    });
    expect(big.status).toBe(413);
    const list = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', {
      token: org.token,
    });
    expect(list.body.api_keys).toEqual([]);
  });

  it('keeps each organisation to its own keys: others get 404', async () => {
    const owner = await createOrganization(server.baseUrl);
    const intruder = await createOrganization(server.baseUrl);
    const key = await createKey(server.baseUrl, owner.token);
    const patch = await request(server.baseUrl, 'PATCH', `/api/v1/security/api-keys/${key.id}`, {
      token: intruder.token,
      json: { is_active: false },
    });
    expect(patch.status).toBe(404);
    const del = await request(server.baseUrl, 'DELETE', `/api/v1/security/api-keys/${key.id}`, {
      token: intruder.token,
    });
    expect(del.status).toBe(404);
    const foreignQuery = await request(
      server.baseUrl,
      'GET',
      `/api/v1/security/api-keys?organization_id=${owner.organization.id}`,
      { token: intruder.token },
    );
    expect(foreignQuery.status).toBe(404);
    const foreignBody = await request(server.baseUrl, 'POST', '/api/v1/security/api-keys', {
      token: intruder.token,
      json: { key_name: 'k', organization_id: owner.organization.id },
    });
    expect(foreignBody.status).toBe(404);
    const intruderList = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', {
      token: intruder.token,
    });
    expect(intruderList.body.api_keys).toEqual([]);
    const ownerList = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', {
      token: owner.token,
    });
    expect(ownerList.body.api_keys[0].is_active).toBe(true);
  });

  it('switches a key off with a key_disabled event and deletes it', async () => {
    const org = await createOrganization(server.baseUrl);
    const key = await createKey(server.baseUrl, org.token);
    const off = await request(server.baseUrl, 'PATCH', `/api/v1/security/api-keys/${key.id}`, {
      token: org.token,
      json: { is_active: false },
    });
    expect(off.body).toMatchObject({ success: true, id: key.id, is_active: false });
    const events = await server.db.query(
      'select event_type, event_severity from security_events where organization_id = $1',
      [org.organization.id],
    );
    expect(events).toEqual([{ event_type: 'key_disabled', event_severity: 'info' }]);
    expect(
      (
        await request(server.baseUrl, 'PATCH', `/api/v1/security/api-keys/${key.id}`, {
          token: org.token,
          json: { is_active: 'no' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(server.baseUrl, 'DELETE', `/api/v1/security/api-keys/${key.id}`, {
          token: org.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await request(server.baseUrl, 'DELETE', `/api/v1/security/api-keys/${key.id}`, {
          token: org.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(server.baseUrl, 'DELETE', '/api/v1/security/api-keys/not-a-uuid', {
          token: org.token,
        })
      ).status,
    ).toBe(400);
  });

  it('requires a signed-in member', async () => {
    const res = await request(server.baseUrl, 'GET', '/api/v1/security/api-keys');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});
