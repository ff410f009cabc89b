import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { countryOf } from '../src/lib/geo.ts';
import { flushTrustedIpUsage } from '../src/modules/security/network-policy.service.ts';
import {
  basicAuth,
  createIntegrator,
  createKey,
  createOrganization,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

// Public addresses whose country the shipped geoip-country data knows (checked below).
const UK_IP = '81.2.69.160';
const SAUDI_IP = '188.48.0.1';
const GERMAN_IPV6 = '2a00:1450:4001:81b::200e';

type Integrator = Awaited<ReturnType<typeof createIntegrator>>;

/** A /v1 call as if from `ip` (X-Forwarded-For; believed only when TRUST_PROXY says so). */
function callFrom(
  server: TestServer,
  headers: Record<string, string>,
  ip: string | undefined,
  method = 'POST',
  path = '/v1/tokens/generate',
) {
  return request(server.baseUrl, method, path, {
    headers: { ...headers, ...(ip && { 'x-forwarded-for': ip }) },
    json: method === 'POST' ? { data: { full_name: 'سارة' } } : undefined,
  });
}

async function settings(server: TestServer, org: Integrator, body: Record<string, boolean>) {
  const res = await request(server.baseUrl, 'PATCH', '/api/v1/security/organization-settings', {
    token: org.token,
    json: body,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function addTrustedIp(server: TestServer, token: string, body: Record<string, unknown>) {
  const res = await request(server.baseUrl, 'POST', '/api/v1/security/trusted-ips', {
    token,
    json: { description: 'مكتب الرياض', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.trusted_ip as { id: string; country: string | null };
}

async function setCountry(server: TestServer, token: string, code: string, isAllowed: boolean) {
  const res = await request(server.baseUrl, 'POST', '/api/v1/security/country-rules', {
    token,
    json: { country_code: code, is_allowed: isAllowed },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function eventsOf(server: TestServer, organizationId: string, type: string) {
  return server.db.query<Record<string, any>>(
    'select * from security_events where organization_id = $1 and event_type = $2 order by created_at',
    [organizationId, type],
  );
}

describe('the IP-to-country data shipped in geoip-country', () => {
  it('knows the addresses these tests use, and gives loopback and private ones no country', () => {
    expect(countryOf(UK_IP)).toBe('GB');
    expect(countryOf(SAUDI_IP)).toBe('SA');
    expect(countryOf(GERMAN_IPV6)).toBe('DE');
    expect(countryOf(`::ffff:${UK_IP}`)).toBe('GB');
    for (const local of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', 'fd00::1', 'junk']) {
      expect(countryOf(local), local).toBeUndefined();
    }
  });
});

describe.each(databaseKinds)('IP and country controls behind a trusted proxy on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  it('lets every address through while IP whitelisting is off, only trusted IPs while it is on', async () => {
    const org = await createIntegrator(server.baseUrl);
    const from = (ip?: string) => callFrom(server, org.headers, ip);
    expect((await from('203.0.113.10')).status).toBe(201);

    const exact = await addTrustedIp(server, org.token, { ip_address: '198.51.100.7' });
    await addTrustedIp(server, org.token, { ip_address: '192.0.2.0/24' });
    await addTrustedIp(server, org.token, { ip_address: '10.20.0.1', ip_range: '10.20.0.0/16' });
    await addTrustedIp(server, org.token, { ip_address: '2001:db8:abcd::/48' });
    expect(await settings(server, org, { require_ip_whitelist: true })).toEqual({
      success: true,
      require_ip_whitelist: true,
      geo_blocking_enabled: false,
    });

    const outcomes: Record<string, number> = {};
    for (const ip of [
      '198.51.100.7',
      '198.51.100.8',
      '192.0.2.200',
      '10.20.5.5',
      '10.21.0.1',
      '2001:db8:abcd:12::1',
      '2001:db8:abce::1',
    ]) {
      outcomes[ip] = (await from(ip)).status;
    }
    expect(outcomes).toEqual({
      '198.51.100.7': 201,
      '198.51.100.8': 403,
      '192.0.2.200': 201,
      '10.20.5.5': 201,
      '10.21.0.1': 403,
      '2001:db8:abcd:12::1': 201,
      '2001:db8:abce::1': 403,
    });
    // Loopback is not special for the whitelist: it is not trusted here.
    const loopback = await from(undefined);
    expect(loopback.status).toBe(403);
    expect(loopback.headers.get('content-type')).toContain('application/problem+json');
    expect(loopback.body.code).toBe('ip_not_allowed');
    const blocked = await eventsOf(server, org.organization.id, 'ip_blocked');
    expect(blocked.map((e) => e.client_ip).sort()).toEqual(
      ['10.21.0.1', '127.0.0.1', '198.51.100.8', '2001:db8:abce::1'].sort(),
    );
    expect(blocked.every((e) => e.is_blocked_request && e.event_severity === 'warning')).toBe(true);

    const toggle = (isActive: boolean) =>
      request(server.baseUrl, 'PATCH', `/api/v1/security/trusted-ips/${exact.id}`, {
        token: org.token,
        json: { is_active: isActive },
      });
    expect((await toggle(false)).body).toEqual({ success: true, id: exact.id, is_active: false });
    expect((await from('198.51.100.7')).status).toBe(403);
    await toggle(true);
    expect((await from('198.51.100.7')).status).toBe(201);

    await flushTrustedIpUsage(server.ctx);
    const list = await request(server.baseUrl, 'GET', '/api/v1/security/trusted-ips', {
      token: org.token,
    });
    const byAddress = Object.fromEntries(
      list.body.trusted_ips.map((t: Record<string, unknown>) => [t.ip_address, t]),
    );
    expect(byAddress['198.51.100.7']).toMatchObject({ usage_count: 2, is_active: true });
    expect(new Date(byAddress['198.51.100.7'].last_seen_at).toISOString()).toBe(
      clock.now().toISOString(),
    );
    expect(byAddress['192.0.2.0/24']).toMatchObject({ usage_count: 1 });
    expect(byAddress['10.20.0.1']).toMatchObject({ usage_count: 1, ip_range: '10.20.0.0/16' });
    expect(byAddress['2001:db8:abcd::/48']).toMatchObject({ usage_count: 1 });

    const removed = await request(
      server.baseUrl,
      'DELETE',
      `/api/v1/security/trusted-ips/${exact.id}`,
      { token: org.token },
    );
    expect(removed.body).toEqual({ success: true });
    expect((await from('198.51.100.7')).status).toBe(403);

    await settings(server, org, { require_ip_whitelist: false });
    expect((await from(undefined)).status).toBe(201);
  });

  it('keeps a trusted IP named for one key to that key, and always applies the key allowed IPs', async () => {
    const org = await createIntegrator(server.baseUrl);
    const other = await createKey(server.baseUrl, org.token, { key_name: 'Back office' });
    const otherHeaders = basicAuth(org.organization.client_id, other);
    const forKey = await addTrustedIp(server, org.token, {
      ip_address: '198.51.100.20',
      api_key_id: org.key.id,
    });
    await settings(server, org, { require_ip_whitelist: true });
    expect((await callFrom(server, org.headers, '198.51.100.20')).status).toBe(201);
    const refused = await callFrom(server, otherHeaders, '198.51.100.20');
    expect(refused.status).toBe(403);
    const [event] = await eventsOf(server, org.organization.id, 'ip_blocked');
    expect(event).toMatchObject({ api_key_name: 'Back office', client_ip: '198.51.100.20' });
    const list = await request(server.baseUrl, 'GET', '/api/v1/security/trusted-ips', {
      token: org.token,
    });
    expect(list.body.trusted_ips).toMatchObject([
      { id: forKey.id, api_key_id: org.key.id, api_key_name: 'Test key' },
    ]);

    // A key's own allowed IPs apply whatever the trusted IPs say, switch on or off.
    const narrow = await createIntegrator(server.baseUrl, { allowed_ips: '198.51.100.30' });
    await addTrustedIp(server, narrow.token, { ip_address: '198.51.100.31' });
    expect((await callFrom(server, narrow.headers, '198.51.100.30')).status).toBe(201);
    expect((await callFrom(server, narrow.headers, '198.51.100.31')).status).toBe(403);
    await settings(server, narrow, { require_ip_whitelist: true });
    expect((await callFrom(server, narrow.headers, '198.51.100.31')).status).toBe(403);
    expect((await callFrom(server, narrow.headers, '198.51.100.30')).status).toBe(403);
    const descriptions = (await eventsOf(server, narrow.organization.id, 'ip_blocked')).map((e) => [
      e.event_description,
      e.occurrences,
    ]);
    expect(descriptions).toEqual([
      ["Request from 198.51.100.31 refused: not in the key's allowed IPs", 2],
      ['Request from 198.51.100.30 refused: not a trusted IP', 1],
    ]);
  });

  it('blocks countries ruled not allowed while geo blocking is on; no rule, loopback and private pass', async () => {
    const org = await createIntegrator(server.baseUrl);
    await setCountry(server, org.token, 'gb', false);
    await setCountry(server, org.token, 'DE', false);
    // Rules do nothing while the switch is off.
    expect((await callFrom(server, org.headers, UK_IP)).status).toBe(201);
    await settings(server, org, { geo_blocking_enabled: true });

    const uk = await callFrom(server, org.headers, UK_IP);
    expect(uk.status).toBe(403);
    expect(uk.headers.get('content-type')).toContain('application/problem+json');
    expect(uk.body).toMatchObject({ status: 403, code: 'country_not_allowed' });
    expect((await callFrom(server, org.headers, GERMAN_IPV6)).status).toBe(403);
    expect((await callFrom(server, org.headers, SAUDI_IP)).status).toBe(201);
    expect((await callFrom(server, org.headers, undefined)).status).toBe(201);
    expect((await callFrom(server, org.headers, '10.1.2.3')).status).toBe(201);
    expect((await callFrom(server, org.headers, '::1')).status).toBe(201);

    const geo = await eventsOf(server, org.organization.id, 'geo_blocked');
    expect(geo.map((e) => [e.client_ip, e.additional_data])).toEqual([
      [UK_IP, { country: 'GB' }],
      [GERMAN_IPV6, { country: 'DE' }],
    ]);

    await setCountry(server, org.token, 'GB', true);
    expect((await callFrom(server, org.headers, UK_IP)).status).toBe(201);
    const rules = await request(server.baseUrl, 'GET', '/api/v1/security/country-rules', {
      token: org.token,
    });
    expect(
      rules.body.country_rules.map((r: { country_code: string; is_allowed: boolean }) => [
        r.country_code,
        r.is_allowed,
      ]),
    ).toEqual([
      ['DE', false],
      ['GB', true],
    ]);
    const read = await request(server.baseUrl, 'GET', '/api/v1/security/organization-settings', {
      token: org.token,
    });
    expect(read.body).toEqual({ require_ip_whitelist: false, geo_blocking_enabled: true });
  });

  const policy = (org: Integrator, method: 'GET' | 'PUT', json?: Record<string, unknown>) =>
    request(server.baseUrl, method, '/api/v1/security/country-policy', { token: org.token, json });
  const check = (org: Integrator, json: Record<string, unknown>) =>
    request(server.baseUrl, 'POST', '/api/v1/security/network-check', { token: org.token, json });

  it('keeps country rules as one policy: block the listed, or allow only the listed', async () => {
    const org = await createIntegrator(server.baseUrl);
    const from = (ip: string) => callFrom(server, org.headers, ip);
    expect((await policy(org, 'GET')).body).toEqual({
      enabled: false,
      mode: 'block',
      countries: [],
    });

    const blocking = await policy(org, 'PUT', {
      enabled: true,
      mode: 'block',
      countries: ['gb', 'DE', 'GB'],
    });
    expect(blocking.status, JSON.stringify(blocking.body)).toBe(200);
    expect(blocking.body).toEqual({ enabled: true, mode: 'block', countries: ['DE', 'GB'] });
    expect((await from(UK_IP)).status).toBe(403);
    expect((await from(SAUDI_IP)).status).toBe(201);

    // Allow only Saudi Arabia: the UK is refused, Saudi Arabia and private addresses pass.
    const allowing = await policy(org, 'PUT', { mode: 'allow', countries: ['SA'] });
    expect(allowing.body).toEqual({ enabled: true, mode: 'allow', countries: ['SA'] });
    expect((await from(SAUDI_IP)).status).toBe(201);
    const refused = await from(GERMAN_IPV6);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('country_not_allowed');
    expect((await from('10.1.2.3')).status).toBe(201);
    // The single-country rules read the same rows.
    const rules = await request(server.baseUrl, 'GET', '/api/v1/security/country-rules', {
      token: org.token,
    });
    expect(rules.body.country_rules).toMatchObject([{ country_code: 'SA', is_allowed: true }]);

    const off = await policy(org, 'PUT', { enabled: false, mode: 'allow', countries: [] });
    expect(off.body).toEqual({ enabled: false, mode: 'allow', countries: [] });
    expect((await from(UK_IP)).status).toBe(201);

    for (const body of [
      { mode: 'deny', countries: [] },
      { mode: 'block', countries: ['ZZ'] },
      { mode: 'block' },
      { mode: 'block', countries: [], organization_id: 42 },
    ]) {
      const bad = await policy(org, 'PUT', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
    }
    expect((await policy(org, 'GET')).body).toEqual({
      enabled: false,
      mode: 'allow',
      countries: [],
    });
  });

  it('tests an address against every rule and names the one that decides', async () => {
    const org = await createIntegrator(server.baseUrl, { allowed_ips: '198.51.100.0/24' });
    const [key] = (
      await request(server.baseUrl, 'GET', '/api/v1/security/api-keys', { token: org.token })
    ).body.api_keys as { id: string }[];
    const outcome = (answer: { body: { checks: { rule: string; outcome: string }[] } }) =>
      Object.fromEntries(answer.body.checks.map((c) => [c.rule, c.outcome]));

    const open = await check(org, { ip_address: UK_IP });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toMatchObject({
      ip_address: UK_IP,
      country: 'GB',
      allowed: true,
      decided_by: null,
    });
    expect(outcome(open)).toEqual({ key_ips: 'off', trusted_ips: 'off', countries: 'off' });

    // With the key: its own list refuses the address first, as /v1 would.
    const withKey = await check(org, { ip_address: UK_IP, api_key_id: key!.id });
    expect(withKey.body).toMatchObject({ allowed: false, decided_by: 'key_ips' });
    expect((await callFrom(server, org.headers, UK_IP)).status).toBe(403);

    await addTrustedIp(server, org.token, { ip_address: '198.51.100.7' });
    await settings(server, org, { require_ip_whitelist: true });
    await policy(org, 'PUT', { enabled: true, mode: 'block', countries: ['US'] });
    const trusted = await check(org, { ip_address: '198.51.100.7', api_key_id: key!.id });
    expect(trusted.body).toMatchObject({ allowed: true, decided_by: null });
    expect(outcome(trusted)).toEqual({
      key_ips: 'pass',
      trusted_ips: 'pass',
      countries: expect.any(String),
    });
    expect((await callFrom(server, org.headers, '198.51.100.7')).status).toBe(201);

    const untrusted = await check(org, { ip_address: '198.51.100.8', api_key_id: key!.id });
    expect(untrusted.body).toMatchObject({ allowed: false, decided_by: 'trusted_ips' });
    expect(untrusted.body.checks[1]).toEqual({
      rule: 'trusted_ips',
      outcome: 'refuse',
      reason: 'not_trusted',
    });

    await settings(server, org, { require_ip_whitelist: false });
    await policy(org, 'PUT', { mode: 'block', countries: ['GB'] });
    const blocked = await check(org, { ip_address: UK_IP });
    expect(blocked.body).toMatchObject({ country: 'GB', allowed: false, decided_by: 'countries' });
    expect(blocked.body.checks[2]).toEqual({
      rule: 'countries',
      outcome: 'refuse',
      reason: 'blocked',
    });

    for (const body of [{ ip_address: 'not-an-ip' }, { ip_address: '10.0.0.0/8' }, {}]) {
      const bad = await check(org, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const other = await createIntegrator(server.baseUrl);
    const strangerKey = await check(other, { ip_address: UK_IP, api_key_id: key!.id });
    expect(strangerKey.status).toBe(404);
    const strangerOrg = await check(other, {
      ip_address: UK_IP,
      organization_id: org.organization.id,
    });
    expect(strangerOrg.status).toBe(404);
    expect(
      (
        await request(
          server.baseUrl,
          'GET',
          `/api/v1/security/country-policy?organization_id=${org.organization.id}`,
          { token: other.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await request(server.baseUrl, 'PUT', '/api/v1/security/country-policy', {
          token: other.token,
          json: { organization_id: org.organization.id, mode: 'block', countries: [] },
        })
      ).status,
    ).toBe(404);
    // The stranger's attempt changed nothing.
    expect((await policy(org, 'GET')).body.countries).toEqual(['GB']);
  });

  it('stores the country of a trusted IP from the same data', async () => {
    const org = await createOrganization(server.baseUrl);
    const saudi = await addTrustedIp(server, org.token, { ip_address: SAUDI_IP });
    const local = await addTrustedIp(server, org.token, { ip_address: '10.0.0.0/8' });
    expect(saudi.country).toBe('SA');
    expect(local.country).toBeNull();
  });

  it('validates trusted IPs, country rules and settings, and creates nothing on bad input', async () => {
    const org = await createOrganization(server.baseUrl);
    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/api/v1/security/trusted-ips', { description: 'x' }, 'ipAddressRequired'],
      ['POST', '/api/v1/security/trusted-ips', { ip_address: '1.2.3.4' }, 'descriptionRequired'],
      [
        'POST',
        '/api/v1/security/trusted-ips',
        { ip_address: '300.1.1.1', description: 'x' },
        'ipInvalid',
      ],
      [
        'POST',
        '/api/v1/security/trusted-ips',
        { ip_address: '10.0.0.0/33', description: 'x' },
        'ipInvalid',
      ],
      [
        'POST',
        '/api/v1/security/trusted-ips',
        { ip_address: '10.0.0.1', ip_range: '10.0.0.1', description: 'x' },
        'ipInvalid',
      ],
      [
        'POST',
        '/api/v1/security/trusted-ips',
        { ip_address: '10.0.0.1', description: 'x', api_key_id: 'key-1' },
        'invalidValue',
      ],
      [
        'POST',
        '/api/v1/security/country-rules',
        { country_code: 'SAU', is_allowed: false },
        'countryCodeInvalid',
      ],
      [
        'POST',
        '/api/v1/security/country-rules',
        { country_code: 'ZZ', is_allowed: false },
        'countryCodeInvalid',
      ],
      [
        'POST',
        '/api/v1/security/country-rules',
        { country_code: 'UK', is_allowed: false },
        'countryCodeInvalid',
      ],
      ['POST', '/api/v1/security/country-rules', { country_code: 'SA' }, 'invalidValue'],
      ['PATCH', '/api/v1/security/organization-settings', {}, 'settingRequired'],
      [
        'PATCH',
        '/api/v1/security/organization-settings',
        { geo_blocking_enabled: 'yes' },
        'invalidValue',
      ],
    ];
    for (const [method, path, json, code] of bad) {
      const res = await request(server.baseUrl, method, path, { token: org.token, json });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const unknownKey = await request(server.baseUrl, 'POST', '/api/v1/security/trusted-ips', {
      token: org.token,
      json: {
        ip_address: '10.0.0.1',
        description: 'x',
        api_key_id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(unknownKey.status).toBe(404);
    const badJson = await request(server.baseUrl, 'POST', '/api/v1/security/trusted-ips', {
      token: org.token,
      headers: { 'content-type': 'application/json' },
      body: '{"ip_address": ',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('invalid_json');

    const [counts] = await server.db.query(
      `select (select count(*)::int from trusted_ips where organization_id = $1) as trusted,
              (select count(*)::int from country_rules where organization_id = $1) as rules`,
      [org.organization.id],
    );
    expect(counts).toEqual({ trusted: 0, rules: 0 });
    const read = await request(server.baseUrl, 'GET', '/api/v1/security/organization-settings', {
      token: org.token,
    });
    expect(read.body).toEqual({ require_ip_whitelist: false, geo_blocking_enabled: false });
  });

  it("answers 404 for another organisation's trusted IPs, keys and id, and lets viewers only read", async () => {
    const owner = await createIntegrator(server.baseUrl);
    const intruder = await createOrganization(server.baseUrl);
    const trusted = await addTrustedIp(server, owner.token, { ip_address: '198.51.100.40' });
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `/api/v1/security/trusted-ips/${trusted.id}`, { is_active: false }],
      ['DELETE', `/api/v1/security/trusted-ips/${trusted.id}`, undefined],
      [
        'POST',
        '/api/v1/security/trusted-ips',
        { ip_address: '10.0.0.1', description: 'x', api_key_id: owner.key.id },
      ],
      [
        'POST',
        '/api/v1/security/trusted-ips',
        { ip_address: '10.0.0.1', description: 'x', organization_id: owner.organization.id },
      ],
      [
        'POST',
        '/api/v1/security/country-rules',
        { country_code: 'GB', is_allowed: false, organization_id: owner.organization.id },
      ],
      [
        'PATCH',
        '/api/v1/security/organization-settings',
        { require_ip_whitelist: true, organization_id: owner.organization.id },
      ],
      ['GET', `/api/v1/security/trusted-ips?organization_id=${owner.organization.id}`, undefined],
      ['GET', `/api/v1/security/country-rules?organization_id=${owner.organization.id}`, undefined],
      [
        'GET',
        `/api/v1/security/organization-settings?organization_id=${owner.organization.id}`,
        undefined,
      ],
    ];
    for (const [method, path, json] of attempts) {
      const res = await request(server.baseUrl, method, path, { token: intruder.token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const [row] = await server.db.query('select is_active from trusted_ips where id = $1', [
      trusted.id,
    ]);
    expect(row).toEqual({ is_active: true });
    const [org] = await server.db.query(
      'select require_ip_whitelist from organizations where id = $1',
      [owner.organization.id],
    );
    expect(org).toEqual({ require_ip_whitelist: false });

    await server.db.query(
      `update organization_members set role = 'viewer' where organization_id = $1`,
      [owner.organization.id],
    );
    const read = await request(server.baseUrl, 'GET', '/api/v1/security/trusted-ips', {
      token: owner.token,
    });
    expect(read.status).toBe(200);
    const write = await request(server.baseUrl, 'PATCH', '/api/v1/security/organization-settings', {
      token: owner.token,
      json: { require_ip_whitelist: true },
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('forbidden');
  });
});

describe.each(databaseKinds)('X-Forwarded-For without TRUST_PROXY on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('ignores the header: the caller is the socket address (loopback, no country)', async () => {
    const org = await createIntegrator(server.baseUrl);
    await setCountry(server, org.token, 'GB', false);
    await settings(server, org, { geo_blocking_enabled: true });
    expect((await callFrom(server, org.headers, UK_IP)).status).toBe(201);
    expect(await eventsOf(server, org.organization.id, 'geo_blocked')).toEqual([]);
    const [firstUse] = await eventsOf(server, org.organization.id, 'key_first_use');
    expect(firstUse!.client_ip).toBe('127.0.0.1');

    await request(server.baseUrl, 'POST', '/api/v1/security/trusted-ips', {
      token: org.token,
      json: { ip_address: '198.51.100.7', description: 'x' },
    });
    await settings(server, org, { require_ip_whitelist: true });
    expect((await callFrom(server, org.headers, '198.51.100.7')).status).toBe(403);
  });
});

describe.each(databaseKinds)('TRUST_PROXY as a hop count on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server.close());

  it('takes the address our proxy appended, so a forged left part of the header is ignored', async () => {
    const org = await createIntegrator(server.baseUrl);
    await setCountry(server, org.token, 'GB', false);
    await settings(server, org, { geo_blocking_enabled: true });
    expect((await callFrom(server, org.headers, `${UK_IP}, ${SAUDI_IP}`)).status).toBe(201);
    expect((await callFrom(server, org.headers, `${SAUDI_IP}, ${UK_IP}`)).status).toBe(403);
    const [event] = await eventsOf(server, org.organization.id, 'geo_blocked');
    expect(event!.client_ip).toBe(UK_IP);
  });
});
