import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { auditShard, verifyAuditChain } from '../src/modules/audit/audit.service.ts';
import { expireTokens } from '../src/modules/tokens/tokens.service.ts';
import { expireVerificationRequests } from '../src/modules/tokens/verification-requests.service.ts';
import { writeBill, writeNewToken, writeVerify } from '../src/modules/tokens/write-batcher.ts';
import {
  createIntegrator,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

const person = {
  full_name: 'محمد أحمد القحطاني',
  national_id: '1012345678',
  birth_date: '1990-04-12',
};

describe.each(databaseKinds)('the one-time code on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  const events = (organizationId: string, type: string) =>
    server.db.query<{ event_severity: string; occurrences: number; event_description: string }>(
      'select event_severity, occurrences, event_description from security_events where organization_id = $1 and event_type = $2',
      [organizationId, type],
    );

  it('follows the quick start: generate, wrong organisation 404, audience 200, again 410, status used', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const other = await createIntegrator(server.baseUrl);

    const generated = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      data_scope: 'identity,contact',
      expires_in: 600,
    });
    expect(generated.status).toBe(201);
    expect(generated.body).toMatchObject({
      success: true,
      message: 'Token generated successfully',
    });
    expect(generated.body.token).toMatch(
      /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/,
    );
    expect(generated.body.reference_id).toBe(generated.body.token_id);
    expect(
      new Date(generated.body.expires_at).getTime() - new Date(generated.body.created_at).getTime(),
    ).toBe(600_000);

    const stranger = await other.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    const unknown = await other.call('POST', '/v1/tokens/verify', {
      token: '0000-0000-0000-0000-0',
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('token_not_found');
    expect(stranger.body).toEqual(unknown.body);
    const suspicious = await events(issuer.organization.id, 'suspicious_activity');
    expect(suspicious).toHaveLength(1);
    expect(suspicious[0]!.event_severity).toBe('critical');

    const verified = await issuer.call('POST', '/v1/tokens/verify', {
      token: generated.body.token.toLowerCase(),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      success: true,
      token_id: generated.body.token_id,
      data: person,
      data_scope: ['identity', 'contact'],
      issuer: { client_id: issuer.organization.client_id, name: issuer.organization.name },
    });

    const again = await issuer.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('token_used');

    const status = await issuer.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      status: 'used',
      used_by: { client_id: issuer.organization.client_id },
    });
    const strangerStatus = await other.call('GET', `/v1/tokens/${generated.body.token_id}/status`);
    expect(strangerStatus.status).toBe(404);
  });

  it('binds a code to its audience: only the named organisation can read it', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    const generated = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      audience: bank.organization.client_id,
    });
    expect(generated.status).toBe(201);
    expect(
      (await issuer.call('POST', '/v1/tokens/verify', { token: generated.body.token })).status,
    ).toBe(404);
    const byBank = await bank.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(byBank.status).toBe(200);
    expect(byBank.body.data).toEqual(person);
    const badAudience = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      audience: 'tqc_nobody',
    });
    expect(badAudience.status).toBe(400);
    expect(badAudience.body.code).toBe('invalid_audience');
  });

  it('stores nothing readable: no payload value and no code in any row', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const generated = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      subject: { national_id: person.national_id },
    });
    const code: string = generated.body.token;
    const dump = JSON.stringify([
      await server.db.query('select * from tokens where id = $1', [generated.body.token_id]),
      await server.db.query('select * from audit_log where token_id = $1', [
        generated.body.token_id,
      ]),
      await server.db.query('select * from usage_logs where organization_id = $1', [
        issuer.organization.id,
      ]),
      await server.db.query('select * from security_events where organization_id = $1', [
        issuer.organization.id,
      ]),
    ]);
    for (const secret of [
      person.full_name,
      person.national_id,
      person.birth_date,
      code,
      code.replaceAll('-', ''),
    ]) {
      expect(dump).not.toContain(secret);
    }
    const [row] = await server.db.query<{ ciphertext: string; data_fields: string[] }>(
      'select ciphertext, data_fields from tokens where id = $1',
      [generated.body.token_id],
    );
    expect(row!.ciphertext).toBeTruthy();
    expect(row!.data_fields).toEqual(['full_name', 'national_id', 'birth_date']);
  });

  it('decrypts a code exactly once under 50 concurrent verifies and deletes its ciphertext', async () => {
    const issuer = await createIntegrator(server.baseUrl, { rate_limit_per_minute: 1000 });
    const generated = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        issuer.call('POST', '/v1/tokens/verify', { token: generated.body.token }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(49);
    const [row] = await server.db.query<{ ciphertext: string | null; status: string }>(
      'select ciphertext, status from tokens where id = $1',
      [generated.body.token_id],
    );
    expect(row).toEqual({ ciphertext: null, status: 'used' });
  });

  it('writes generates, verifies and billed reads of one moment in one batch, audited and billed', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const generated = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const [code] = await server.db.query<{ code_hash: string; api_key_id: string }>(
      'select code_hash, api_key_id from tokens where id = $1',
      [generated.body.token_id],
    );
    const org = issuer.organization.id;
    const by = { organizationId: org, actor: `api_key:${code!.api_key_id}` };
    const now = clock.now();
    const bill = (endpoint: string, isVerification: boolean) => ({
      isBilled: true,
      organizationId: org,
      apiKeyId: code!.api_key_id,
      endpoint,
      statusCode: 200,
      costMillis: 5,
      at: now,
      clientIp: '127.0.0.1',
      isVerification,
    });
    const id = 'tok_batchedWithAVerify';
    // A handle of its own (so a batcher of its own) that counts the statements written.
    const statements: string[] = [];
    const db: Database = {
      ...server.db,
      query: (sql, params) => {
        statements.push(sql);
        return server.db.query(sql, params);
      },
    };
    // Submitted in one turn of the event loop: one batch, with both kinds and a bill alone.
    const [issued, verified, read] = await Promise.all([
      writeNewToken(
        db,
        {
          id,
          organizationId: org,
          audienceOrganizationId: org,
          apiKeyId: code!.api_key_id,
          codeHash: 'f'.repeat(64),
          ciphertext: 'sealed',
          dataFields: ['full_name'],
          dataScope: ['identity'],
          auditShard: auditShard(id),
          subjectHash: null,
          subjectRef: null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 600_000),
          isTest: false,
          codeTail: 'ABCD',
        },
        by,
        bill('POST /v1/tokens/generate', false),
      ),
      writeVerify(db, code!.code_hash, by, now, bill('POST /v1/tokens/verify', true), false),
      writeBill(db, bill('GET /v1/tokens/status', false)),
    ]);
    // One statement: a refused batch would have been written again one operation at a time.
    expect(statements).toHaveLength(1);
    expect(issued).toEqual({ is_first_use: false, is_new_ip: false });
    expect(verified).toMatchObject({
      found: true,
      consumed: true,
      target: { id: generated.body.token_id },
    });
    expect(read).toEqual({ is_first_use: false, is_new_ip: false });
    const statuses = await server.db.query<{ id: string; status: string }>(
      'select id, status from tokens where organization_id = $1 order by id',
      [org],
    );
    expect(statuses).toEqual(
      [
        { id, status: 'active' },
        { id: generated.body.token_id, status: 'used' },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const usage = await server.db.query<{ endpoint: string }>(
      'select endpoint from usage_logs where organization_id = $1 order by endpoint',
      [org],
    );
    expect(usage.map((row) => row.endpoint)).toEqual([
      'GET /v1/tokens/status',
      'POST /v1/tokens/generate',
      'POST /v1/tokens/generate',
      'POST /v1/tokens/verify',
    ]);
    expect(await verifyAuditChain(server.ctx, org)).toMatchObject({ status: 'ok', rows: 3 });
  });

  it('expires codes: verify answers 410 and the sweep deletes ciphertext and the link to the person', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const generated = await issuer.call('POST', '/v1/tokens/generate', {
      data: person,
      expires_in: 60,
      subject: { national_id: person.national_id },
    });
    clock.advance(61_000);
    const late = await issuer.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('token_expired');
    expect(
      (await issuer.call('GET', `/v1/tokens/${generated.body.token_id}/status`)).body.status,
    ).toBe('expired');

    expect(await expireTokens(server.ctx)).toBeGreaterThanOrEqual(1);
    const [row] = await server.db.query(
      'select status, ciphertext, subject_hash from tokens where id = $1',
      [generated.body.token_id],
    );
    expect(row).toEqual({ status: 'expired', ciphertext: null, subject_hash: null });
    const actions = await server.db.query<{ action: string }>(
      'select action from audit_log where token_id = $1 order by seq',
      [generated.body.token_id],
    );
    expect(actions.map((a) => a.action)).toEqual(['issue', 'failed_use', 'expire']);
  });

  it('lets the issuer revoke with token:revoke, and a revoked code cannot be read', async () => {
    const withoutRevoke = await createIntegrator(server.baseUrl);
    const generatedA = await withoutRevoke.call('POST', '/v1/tokens/generate', { data: person });
    const refused = await withoutRevoke.call(
      'POST',
      `/v1/tokens/${generatedA.body.token_id}/revoke`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
    expect(await events(withoutRevoke.organization.id, 'invalid_scope')).toHaveLength(1);

    const issuer = await createIntegrator(server.baseUrl, {
      scopes: ['token:generate', 'token:verify', 'token:revoke'],
    });
    const generated = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const revoked = await issuer.call('POST', `/v1/tokens/${generated.body.token_id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true, status: 'revoked' });
    const verify = await issuer.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(verify.status).toBe(410);
    expect(verify.body.code).toBe('token_revoked');
    const [row] = await server.db.query('select ciphertext from tokens where id = $1', [
      generated.body.token_id,
    ]);
    expect(row).toEqual({ ciphertext: null });
  });

  it('refuses a mistyped code with 400 token_malformed, and reads one pasted with invisible marks', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const generated = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    const code: string = generated.body.token;
    const first = code[0] === 'A' ? 'B' : 'A';
    for (const typo of [first + code.slice(1), code.slice(0, -3), 'not a code', '']) {
      const res = await issuer.call('POST', '/v1/tokens/verify', { token: typo });
      expect(res.status, typo).toBe(400);
      expect(['token_malformed', 'validation_failed']).toContain(res.body.code);
    }
    // As an Arabic chat hands it over: direction marks, an isolate, a zero-width joiner, tatweel.
    const pasted = `\u200f\u2067${code.replaceAll('-', '\u200e-\u200d\u0640')}\u2069\ufeff`;
    const read = await issuer.call('POST', '/v1/tokens/verify', { token: pasted });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(person);
  });

  it('bills each successful call exactly, and no refused or failed call', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const a = await issuer.call('POST', '/v1/tokens/generate', { data: person });
    await issuer.call('POST', '/v1/tokens/verify', { token: a.body.token });
    await issuer.call('GET', `/v1/tokens/${a.body.token_id}/status`);
    // Not billed: a used code, a malformed one, a missing scope, bad credentials.
    await issuer.call('POST', '/v1/tokens/verify', { token: a.body.token });
    await issuer.call('POST', '/v1/tokens/verify', { token: 'xxxx' });
    await issuer.call('POST', `/v1/tokens/${a.body.token_id}/revoke`);
    await request(server.baseUrl, 'POST', '/v1/tokens/generate', {
      headers: { ...issuer.headers, authorization: 'Basic bm9wZTpub3Bl' },
      json: { data: person },
    });
    const usage = await server.db.query<{ endpoint: string; cost_millis: number }>(
      'select endpoint, cost_millis from usage_logs where organization_id = $1 order by created_at',
      [issuer.organization.id],
    );
    expect(usage.map((u) => u.endpoint).sort()).toEqual(
      [
        'GET /v1/tokens/{token_id}/status',
        'POST /v1/tokens/generate',
        'POST /v1/tokens/verify',
      ].sort(),
    );
    expect(usage.every((u) => u.cost_millis === 5)).toBe(true);
    const [wallet] = await server.db.query(
      'select sum(cost_millis)::int as current_balance_millis from usage_logs where organization_id = $1',
      [issuer.organization.id],
    );
    expect(wallet).toEqual({ current_balance_millis: 15 });
    const dashboard = await request(
      server.baseUrl,
      'GET',
      `/api/v1/organizations/${issuer.organization.id}/dashboard`,
      {
        token: issuer.token,
      },
    );
    expect(dashboard.body).toMatchObject({
      active_tokens: 0,
      verifications: 1,
      api_calls_this_month: 3,
    });
  });

  it('limits per minute and per hour with sliding windows, all-or-nothing, with the IETF headers', async () => {
    const issuer = await createIntegrator(server.baseUrl, {
      rate_limit_per_minute: 3,
      rate_limit_per_hour: 5,
    });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof issuer.call>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await issuer.call('GET', '/v1/tokens/tok_unknown/status');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expect(last!.body.code).toBe('rate_limited');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60, "hour";q=5;w=3600');
    expect(last!.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+, "hour";r=2;t=\d+$/);
    const limited = await events(issuer.organization.id, 'rate_limit_exceeded');
    expect(limited).toHaveLength(1);
    expect(limited[0]!.occurrences).toBe(2);

    clock.advance(61_000);
    const after = [];
    for (let i = 0; i < 3; i++)
      after.push((await issuer.call('GET', '/v1/tokens/tok_unknown/status')).status);
    // The refused calls consumed nothing: the hour still had exactly two calls left.
    expect(after).toEqual([404, 404, 429]);
  });

  it('applies the key allowed IPs', async () => {
    const blocked = await createIntegrator(server.baseUrl, {
      allowed_ips: '10.0.0.0/8, 192.168.1.1',
    });
    const res = await blocked.call('POST', '/v1/tokens/generate', { data: person });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ip_not_allowed');
    expect(await events(blocked.organization.id, 'ip_blocked')).toHaveLength(1);
    const allowed = await createIntegrator(server.baseUrl, { allowed_ips: ['127.0.0.0/8', '::1'] });
    expect((await allowed.call('POST', '/v1/tokens/generate', { data: person })).status).toBe(201);
  });

  it('refuses a disabled key at once, then accepts it again when re-enabled', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    expect((await issuer.call('GET', '/v1/tokens/tok_x/status')).status).toBe(404);
    const off = await request(
      server.baseUrl,
      'PATCH',
      `/api/v1/security/api-keys/${issuer.key.id}`,
      {
        token: issuer.token,
        json: { is_active: false },
      },
    );
    expect(off.status).toBe(200);
    const refused = await issuer.call('GET', '/v1/tokens/tok_x/status');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('key_inactive');
    await request(server.baseUrl, 'PATCH', `/api/v1/security/api-keys/${issuer.key.id}`, {
      token: issuer.token,
      json: { is_active: true },
    });
    expect((await issuer.call('GET', '/v1/tokens/tok_x/status')).status).toBe(404);
  });

  it('answers bad /v1 input with 4xx problem+json, never 5xx', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const cases: Array<[string, string, Record<string, string>, string | undefined]> = [
      ['POST', '/v1/tokens/generate', issuer.headers, '{"data": "text"}'],
      ['POST', '/v1/tokens/generate', issuer.headers, '{"data": {}}'],
      ['POST', '/v1/tokens/generate', issuer.headers, '{"data": {"a": 1}, "expires_in": 10}'],
      ['POST', '/v1/tokens/generate', issuer.headers, '{"data": {"a": 1}, "expires_in": "3600"}'],
      ['POST', '/v1/tokens/generate', issuer.headers, '{"data": {"a": 1}, "one_time_use": false}'],
      [
        'POST',
        '/v1/tokens/generate',
        issuer.headers,
        '{"data": {"a": 1}, "subject": {"national_id": "12"}}',
      ],
      ['POST', '/v1/tokens/generate', issuer.headers, `{"data": {"a": "${'x'.repeat(200_000)}"}}`],
      ['POST', '/v1/tokens/generate', issuer.headers, '{not json'],
      ['POST', '/v1/tokens/verify', issuer.headers, '{"token": 42}'],
      ['POST', '/v1/tokens/verify', issuer.headers, '[]'],
      [
        'POST',
        '/v1/tokens/generate',
        { authorization: issuer.headers.authorization },
        '{"data": {"a": 1}}',
      ],
      [
        'POST',
        '/v1/tokens/generate',
        { 'x-client-id': issuer.headers['x-client-id'] },
        '{"data": {"a": 1}}',
      ],
      [
        'POST',
        '/v1/tokens/generate',
        { ...issuer.headers, authorization: 'Basic %%%' },
        '{"data": {"a": 1}}',
      ],
      [
        'POST',
        '/v1/tokens/generate',
        { ...issuer.headers, authorization: 'Bearer nope' },
        '{"data": {"a": 1}}',
      ],
      [
        'POST',
        '/v1/tokens/generate',
        { ...issuer.headers, 'x-client-id': 'tqc_other' },
        '{"data": {"a": 1}}',
      ],
      ['GET', `/v1/tokens/${'x'.repeat(300)}/status`, issuer.headers, undefined],
      ['GET', '/v1/nothing', issuer.headers, undefined],
    ];
    for (const [method, path, headers, body] of cases) {
      const res = await request(server.baseUrl, method, path, {
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body,
      });
      expect(res.status, `${method} ${path} ${body?.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${body?.slice(0, 60)}`).toBeLessThan(500);
      expect(res.headers.get('content-type'), `${method} ${path} ${body?.slice(0, 60)}`).toContain(
        'application/problem+json',
      );
      expect(typeof res.body.code).toBe('string');
    }
  });

  describe('verification requests (issue 33)', () => {
    const ask = (
      asker: Awaited<ReturnType<typeof createIntegrator>>,
      body: Record<string, unknown> = {},
    ) =>
      asker.call('POST', '/v1/verification-requests', {
        fields: ['full_name', 'national_id'],
        purpose: 'فتح حساب',
        expires_in: 600,
        ...body,
      });
    const wrong = (number: string) => String(((Number(number) - 10 + 1) % 90) + 10);
    const auditOf = (id: string) =>
      server.db.query<{ action: string; reason: string | null; fields: string[] }>(
        'select action, reason, fields from audit_log where token_id = $1 order by created_at, seq',
        [id],
      );

    it('asks, is answered with the matching number, and hands the audience the code once', async () => {
      const bank = await createIntegrator(server.baseUrl);
      const issuer = await createIntegrator(server.baseUrl);
      const reader = await createIntegrator(server.baseUrl, { scopes: ['token:verify'] });

      const asked = await ask(bank, { subject: { national_id: person.national_id } });
      expect(asked.status).toBe(201);
      expect(asked.headers.get('cache-control')).toBe('no-store');
      const id: string = asked.body.request_id;
      expect(asked.body).toMatchObject({
        viewer: 'audience',
        status: 'pending',
        fields: ['full_name', 'national_id'],
        purpose: 'فتح حساب',
        link: `${server.baseUrl}/r/${id}`,
        token: null,
        token_id: null,
      });
      expect(id).toMatch(/^vrq_/);
      expect(asked.body.match_number).toMatch(/^[1-9]\d$/);
      const number: string = asked.body.match_number;

      // An issuer about to answer sees who asks and for what, never the number.
      const seen = await issuer.call('GET', `/v1/verification-requests/${id}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        viewer: 'issuer',
        status: 'pending',
        purpose: 'فتح حساب',
        audience: { name: bank.organization.name, client_id: bank.organization.client_id },
      });
      expect(JSON.stringify(seen.body)).not.toContain('match_number');
      expect(seen.body.match_choices).toHaveLength(3);
      expect(seen.body.match_choices).toContain(number);
      expect(
        (await issuer.call('GET', `/v1/verification-requests/${id}`)).body.match_choices,
      ).toEqual(seen.body.match_choices);
      // Without token:generate another organisation learns nothing.
      expect((await reader.call('GET', `/v1/verification-requests/${id}`)).status).toBe(404);
      expect((await issuer.call('GET', '/v1/verification-requests/vrq_nothing')).body.code).toBe(
        'verification_request_not_found',
      );

      const answer = (body: Record<string, unknown>) =>
        issuer.call('POST', '/v1/tokens/generate', {
          data: { full_name: person.full_name, national_id: person.national_id },
          request_id: id,
          match_number: number,
          ...body,
        });
      const refusals: Array<[Record<string, unknown>, number, string]> = [
        [{ audience: issuer.organization.client_id }, 400, 'audience_mismatch'],
        [{ data: { ...person } }, 400, 'field_not_requested'],
        [{ subject: { national_id: '1098765432' } }, 400, 'subject_mismatch'],
        [{ match_number: undefined }, 400, 'validation_failed'],
        [{ request_id: 'vrq_unknown' }, 404, 'verification_request_not_found'],
        [{ match_number: wrong(number) }, 403, 'match_failed'],
      ];
      for (const [body, status, code] of refusals) {
        const refused = await answer(body);
        expect([refused.status, refused.body.code], code).toEqual([status, code]);
        expect(refused.headers.get('content-type')).toContain('application/problem+json');
      }

      const answered = await answer({ audience: bank.organization.client_id });
      expect(answered.status).toBe(201);
      const again = await answer({});
      expect([again.status, again.body.code]).toEqual([409, 'request_fulfilled']);

      // The audience collects the code by itself: no typing.
      const fulfilled = await bank.call('GET', `/v1/verification-requests/${id}`);
      expect(fulfilled.body).toMatchObject({
        status: 'fulfilled',
        token_id: answered.body.token_id,
        token: answered.body.token,
      });
      const verified = await bank.call('POST', '/v1/tokens/verify', {
        token: fulfilled.body.token,
      });
      expect(verified.status).toBe(200);
      expect(verified.body.data).toEqual({
        full_name: person.full_name,
        national_id: person.national_id,
      });
      const used = await bank.call('GET', `/v1/verification-requests/${id}`);
      expect(used.body).toMatchObject({ status: 'fulfilled', token: null });

      // The code is kept sealed, never in the clear; the person's hash came from the request.
      const [row] = await server.db.query<{ code_sealed: string | null }>(
        'select code_sealed from verification_requests where id = $1',
        [id],
      );
      expect(row!.code_sealed).not.toContain(answered.body.token.replaceAll('-', ''));
      const [code] = await server.db.query<{ subject_hash: string | null }>(
        'select subject_hash from tokens where id = $1',
        [answered.body.token_id],
      );
      expect(code!.subject_hash).not.toBeNull();

      // The console reads its own request (another organisation's: 404); anyone reads the page.
      const consoleRead = await request(
        server.baseUrl,
        'GET',
        `/api/v1/verification-requests/${id}`,
        { token: bank.token },
      );
      expect(consoleRead.body).toMatchObject({ status: 'fulfilled', token: null });
      const otherConsole = await request(
        server.baseUrl,
        'GET',
        `/api/v1/verification-requests/${id}`,
        { token: issuer.token },
      );
      expect(otherConsole.body.code).toBe('verification_request_not_found');
      const publicPage = await request(
        server.baseUrl,
        'GET',
        `/api/v1/verification-requests/${id}/public`,
      );
      expect(publicPage.body).toMatchObject({
        status: 'fulfilled',
        purpose: 'فتح حساب',
        audience: { name: bank.organization.name },
      });
      expect(Object.keys(publicPage.body)).not.toContain('match_number');
      expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['request', 'answer']);
      const [bill] = await server.db.query<{ n: number }>(
        `select count(*)::int as n from usage_logs
          where organization_id = $1 and endpoint = 'POST /v1/verification-requests'`,
        [bank.organization.id],
      );
      expect(bill!.n).toBe(1);
      await server.ctx.requestLog.flush();
      const logged = await server.db.query<{ code: string }>(
        `select code from request_log where organization_id = $1 and status >= 400 order by created_at`,
        [issuer.organization.id],
      );
      expect(logged.map((entry) => entry.code)).toEqual(
        expect.arrayContaining([
          'audience_mismatch',
          'field_not_requested',
          'subject_mismatch',
          'match_failed',
          'request_fulfilled',
        ]),
      );
    });

    it('cancels after three wrong numbers or by its audience, and expires like codes', async () => {
      const bank = await createIntegrator(server.baseUrl);
      const issuer = await createIntegrator(server.baseUrl);
      const answer = (id: string, matchNumber: string) =>
        issuer.call('POST', '/v1/tokens/generate', {
          data: { full_name: person.full_name },
          request_id: id,
          match_number: matchNumber,
        });

      const guessed = await ask(bank);
      for (let i = 0; i < 3; i++) {
        const refused = await answer(guessed.body.request_id, wrong(guessed.body.match_number));
        expect(refused.body.code).toBe('match_failed');
      }
      const late = await answer(guessed.body.request_id, guessed.body.match_number);
      expect([late.status, late.body.code]).toEqual([410, 'request_cancelled']);
      expect((await auditOf(guessed.body.request_id)).at(-1)).toMatchObject({
        action: 'cancel',
        reason: 'match_failed',
      });

      const listed = await ask(bank);
      const consoleList = () =>
        request(server.baseUrl, 'GET', '/api/v1/verification-requests', { token: bank.token });
      expect(
        (await consoleList()).body.requests.map((open: { request_id: string }) => open.request_id),
      ).toContain(listed.body.request_id);
      const consoleCancel = await request(
        server.baseUrl,
        'POST',
        `/api/v1/verification-requests/${listed.body.request_id}/cancel`,
        { token: bank.token },
      );
      expect(consoleCancel.body.status).toBe('cancelled');
      expect(
        (await consoleList()).body.requests.map((open: { request_id: string }) => open.request_id),
      ).not.toContain(listed.body.request_id);

      const dropped = await ask(bank);
      const cancelPath = `/v1/verification-requests/${dropped.body.request_id}/cancel`;
      expect((await issuer.call('POST', cancelPath)).status).toBe(404);
      const cancelled = await bank.call('POST', cancelPath);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect((await bank.call('POST', cancelPath)).status).toBe(200);
      expect((await auditOf(dropped.body.request_id)).map((entry) => entry.action)).toEqual([
        'request',
        'cancel',
      ]);

      const answered = await ask(bank);
      await answer(answered.body.request_id, answered.body.match_number);
      const cancelAnswered = await bank.call(
        'POST',
        `/v1/verification-requests/${answered.body.request_id}/cancel`,
      );
      expect([cancelAnswered.status, cancelAnswered.body.code]).toEqual([409, 'request_fulfilled']);
      // Answered, its code not collected yet (the console waits for a double lock's key file):
      // still listed with the code, until the code is used.
      const waiting = (await consoleList()).body.requests.find(
        (open: { request_id: string }) => open.request_id === answered.body.request_id,
      );
      expect(waiting).toMatchObject({ status: 'fulfilled', token: expect.any(String) });
      expect((await bank.call('POST', '/v1/tokens/verify', { token: waiting.token })).status).toBe(
        200,
      );
      expect(
        (await consoleList()).body.requests.map((open: { request_id: string }) => open.request_id),
      ).not.toContain(answered.body.request_id);

      const lapsed = await ask(bank, { expires_in: 60 });
      clock.advance(61_000);
      const tooLate = await answer(lapsed.body.request_id, lapsed.body.match_number);
      expect([tooLate.status, tooLate.body.code]).toEqual([410, 'request_expired']);
      expect(await expireVerificationRequests(server.ctx)).toBeGreaterThanOrEqual(1);
      const [swept] = await server.db.query<{ status: string }>(
        'select status from verification_requests where id = $1',
        [lapsed.body.request_id],
      );
      expect(swept!.status).toBe('expired');
      expect((await auditOf(lapsed.body.request_id)).at(-1)!.action).toBe('expire');

      for (const body of [
        { fields: [] },
        { fields: ['a', 'a'] },
        { fields: Array.from({ length: 21 }, (_, i) => `f${i}`) },
        { purpose: '' },
        { purpose: 'x'.repeat(201) },
        { expires_in: 59 },
        { expires_in: 3601 },
        { subject: { national_id: '12' } },
      ]) {
        const refused = await ask(bank, body);
        expect([refused.status, refused.body.code], JSON.stringify(body)).toEqual([
          400,
          'validation_failed',
        ]);
      }
    });
  });
});
