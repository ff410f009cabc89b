import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { expireTokens } from '../src/modules/tokens/tokens.service.ts';
import {
  createIntegrator,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { nationalId as randomNationalId } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

const data = { full_name: 'نورة الشمري', birth_date: '1992-03-01', phone: '0551234567' };

describe.each(databaseKinds)('an individual sees and controls their codes on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  const myCodes = async (token: string) => {
    const res = await request(server.baseUrl, 'GET', '/api/v1/me/codes', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return res.body.codes as any[];
  };

  it('lists only the codes issued for this national id, newest first, with the trail of a verify', async () => {
    const person = await createIndividual(server);
    const other = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const ministry = await createIntegrator(server.baseUrl);

    const first = await bank.call('POST', '/v1/tokens/generate', {
      data,
      data_scope: 'identity',
      audience: ministry.organization.client_id,
      subject: { national_id: person.nationalId },
    });
    expect(first.status).toBe(201);
    clock.advance(1000);
    const second = await bank.call('POST', '/v1/tokens/generate', {
      data: { full_name: data.full_name },
      subject: { national_id: person.nationalId },
    });
    const othersCode = await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: other.nationalId },
    });
    // A code without a subject belongs to nobody's list.
    await bank.call('POST', '/v1/tokens/generate', { data });

    clock.advance(1000);
    const verified = await ministry.call('POST', '/v1/tokens/verify', { token: first.body.token });
    expect(verified.status).toBe(200);

    const codes = await myCodes(person.token);
    expect(codes.map((code) => code.id)).toEqual([second.body.token_id, first.body.token_id]);
    const [newest, used] = codes;
    expect(newest).toMatchObject({
      status: 'active',
      issuer: { name: bank.organization.name, type: 'private' },
      audience: { name: bank.organization.name },
      data_fields: ['full_name'],
      used_at: null,
      used_by: null,
      revoked_at: null,
    });
    expect(used).toMatchObject({
      status: 'used',
      issuer: { name: bank.organization.name },
      audience: { name: ministry.organization.name },
      data_fields: ['full_name', 'birth_date', 'phone'],
      data_scope: ['identity'],
      used_by: { name: ministry.organization.name },
      created_at: first.body.created_at,
      expires_at: first.body.expires_at,
      used_at: verified.body.verified_at,
    });
    expect(used.trail).toEqual([
      {
        action: 'generated',
        at: first.body.created_at,
        organization_name: bank.organization.name,
        actor_type: 'organization',
        fields: ['full_name', 'birth_date', 'phone'],
        reason: null,
      },
      {
        action: 'verified',
        at: verified.body.verified_at,
        organization_name: ministry.organization.name,
        actor_type: 'organization',
        fields: ['full_name', 'birth_date', 'phone'],
        reason: null,
      },
    ]);
    // Field names only: no value the organisations exchanged reaches the person's list.
    const text = JSON.stringify(codes);
    for (const value of Object.values(data)) expect(text).not.toContain(value);
    expect(text).not.toContain(first.body.token);

    const othersList = await myCodes(other.token);
    expect(othersList.map((code) => code.id)).toEqual([othersCode.body.token_id]);
  });

  it('shows a refused verify: the body that tried and why, without fields', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const stranger = await createIntegrator(server.baseUrl);
    const code = await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: person.nationalId },
    });
    expect(
      (await stranger.call('POST', '/v1/tokens/verify', { token: code.body.token })).status,
    ).toBe(404);
    const [listed] = await myCodes(person.token);
    expect(listed.status).toBe('active');
    expect(listed.trail.map((entry: any) => entry.action)).toEqual(['generated', 'verify_refused']);
    expect(listed.trail[1]).toMatchObject({
      organization_name: stranger.organization.name,
      fields: null,
      reason: 'wrong_audience',
    });
  });

  it('revokes the person’s own active code: audited as the individual, a later verify answers 410', async () => {
    const person = await createIndividual(server);
    const other = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const code = await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: person.nationalId },
    });
    const path = `/api/v1/me/codes/${code.body.token_id}/revoke`;

    // Someone else's code, an unknown one and a malformed id all answer 404; nothing changes.
    for (const [token, url] of [
      [other.token, path],
      [person.token, '/api/v1/me/codes/tok_unknown/revoke'],
      [person.token, '/api/v1/me/codes/not-a-code/revoke'],
    ] as const) {
      const refused = await request(server.baseUrl, 'POST', url, { token });
      expect(refused.status, url).toBe(404);
      expect(refused.body.code).toBe('not_found');
    }
    // An organisation's staff token is not an individual's.
    expect((await request(server.baseUrl, 'POST', path, { token: bank.token })).status).toBe(403);
    expect((await request(server.baseUrl, 'POST', path)).status).toBe(401);

    const revoked = await request(server.baseUrl, 'POST', path, { token: person.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.success).toBe(true);
    expect(revoked.body.code).toMatchObject({ id: code.body.token_id, status: 'revoked' });
    expect(revoked.body.code.revoked_at).toBe(clock.now().toISOString());
    expect(revoked.body.code.trail.at(-1)).toMatchObject({
      action: 'revoked',
      actor_type: 'individual',
      organization_name: null,
    });
    const [audit] = await server.db.query<{ actor: string; actor_organization_id: string | null }>(
      `select actor, actor_organization_id from audit_log where token_id = $1 and action = 'revoke'`,
      [code.body.token_id],
    );
    expect(audit).toEqual({ actor: `individual:${person.id}`, actor_organization_id: null });
    const [row] = await server.db.query('select ciphertext, status from tokens where id = $1', [
      code.body.token_id,
    ]);
    expect(row).toEqual({ ciphertext: null, status: 'revoked' });

    const verify = await bank.call('POST', '/v1/tokens/verify', { token: code.body.token });
    expect(verify.status).toBe(410);
    expect(verify.body.code).toBe('token_revoked');

    // Again: harmless. A used code cannot be revoked.
    expect((await request(server.baseUrl, 'POST', path, { token: person.token })).status).toBe(200);
    const used = await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: person.nationalId },
    });
    await bank.call('POST', '/v1/tokens/verify', { token: used.body.token });
    const late = await request(
      server.baseUrl,
      'POST',
      `/api/v1/me/codes/${used.body.token_id}/revoke`,
      { token: person.token },
    );
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('token_used');
    expect(late.body.detail_ar).toBeTruthy();
  });

  it('keeps the history after expiry for an account holder, while the sweep deletes the link to the national id', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const code = await bank.call('POST', '/v1/tokens/generate', {
      data,
      expires_in: 60,
      subject: { national_id: person.nationalId },
    });
    // A person who has no account: nothing of theirs is kept after expiry.
    const unregisteredId = randomNationalId();
    const unclaimed = await bank.call('POST', '/v1/tokens/generate', {
      data,
      expires_in: 60,
      subject: { national_id: unregisteredId },
    });
    clock.advance(61_000);
    // Past its expiry and before the sweep it already reads as expired.
    expect((await myCodes(person.token))[0]).toMatchObject({
      id: code.body.token_id,
      status: 'expired',
    });

    expect(await expireTokens(server.ctx)).toBeGreaterThanOrEqual(2);
    const rows = await server.db.query<{ id: string; subject_hash: string | null }>(
      'select id, subject_hash from tokens where id = any($1::text[])',
      [[code.body.token_id, unclaimed.body.token_id]],
    );
    expect(rows.every((row) => row.subject_hash === null)).toBe(true);
    const links = await server.db.query<{ user_id: string; token_id: string }>(
      'select user_id, token_id from individual_code_links where token_id = any($1::text[])',
      [[code.body.token_id, unclaimed.body.token_id]],
    );
    expect(links).toEqual([{ user_id: person.id, token_id: code.body.token_id }]);

    const [expired] = await myCodes(person.token);
    expect(expired).toMatchObject({ id: code.body.token_id, status: 'expired' });
    expect(expired.trail.map((entry: any) => entry.action)).toEqual(['generated', 'expired']);
    expect(expired.trail[1]).toMatchObject({ actor_type: 'system', organization_name: null });

    // A person registering later with that id finds nothing: the platform forgot the link.
    const late = await createIndividual(server, unregisteredId);
    expect(await myCodes(late.token)).toEqual([]);
  });

  it('answers in the shape of ARCHITECTURE.md too (/individuals/me/tokens)', async () => {
    const person = await createIndividual(server);
    const bank = await createIntegrator(server.baseUrl);
    const code = await bank.call('POST', '/v1/tokens/generate', {
      data,
      data_scope: ['identity'],
      subject: { national_id: person.nationalId },
    });
    clock.advance(1000);
    const verified = await bank.call('POST', '/v1/tokens/verify', { token: code.body.token });
    const list = await request(server.baseUrl, 'GET', '/api/v1/individuals/me/tokens', {
      token: person.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.tokens).toEqual([
      {
        token_id: code.body.token_id,
        issuer: { name: bank.organization.name },
        audience: { name: bank.organization.name },
        status: 'used',
        created_at: code.body.created_at,
        expires_at: code.body.expires_at,
        data_scope: ['identity'],
        usage: [
          {
            organization: { name: bank.organization.name },
            at: verified.body.verified_at,
            fields: ['full_name', 'birth_date', 'phone'],
          },
        ],
      },
    ]);
    const second = await bank.call('POST', '/v1/tokens/generate', {
      data,
      subject: { national_id: person.nationalId },
    });
    const revoke = await request(
      server.baseUrl,
      'POST',
      `/api/v1/individuals/me/tokens/${second.body.token_id}/revoke`,
      { token: person.token },
    );
    expect(revoke.body).toEqual({ success: true, status: 'revoked' });
  });

  it('has an empty list for a new person and refuses organisation staff', async () => {
    const person = await createIndividual(server);
    expect(await myCodes(person.token)).toEqual([]);
    const org = await createIntegrator(server.baseUrl);
    const refused = await request(server.baseUrl, 'GET', '/api/v1/me/codes', { token: org.token });
    expect(refused.status).toBe(403);
  });
});
