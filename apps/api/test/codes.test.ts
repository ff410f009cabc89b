import { CODE_LIST_COUNT_CAP } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
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

describe.each(databaseKinds)('the dashboard codes screen on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(() => server.close());

  type Org = Awaited<ReturnType<typeof createIntegrator>>;
  const staffVerify = (org: Org, token: string) =>
    request(server.baseUrl, 'POST', '/api/v1/tokens/verify', {
      token: org.token,
      json: { token },
    });
  const list = (org: Org, query = '') =>
    request(server.baseUrl, 'GET', `/api/v1/tokens${query}`, { token: org.token });
  const generate = async (issuer: Org, body: Record<string, unknown> = {}) => {
    const res = await issuer.call('POST', '/v1/tokens/generate', { data: person, ...body });
    expect(res.status).toBe(201);
    return res.body as { token: string; token_id: string };
  };
  const setRole = async (org: Org, role: string) => {
    await server.db.query('update organization_members set role = $1 where organization_id = $2', [
      role,
      org.organization.id,
    ]);
  };

  it('lets staff decrypt a code once, billed and audited like the public verify', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    const code = await generate(issuer, {
      audience: bank.organization.client_id,
      data_scope: 'identity',
    });
    // Typed as a person might: lowercase, spaces instead of dashes, Arabic-Indic digits.
    const typed = code.token
      .toLowerCase()
      .replaceAll('-', ' ')
      .replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

    const stranger = await staffVerify(issuer, code.token);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('token_not_found');
    expect(stranger.headers.get('content-type')).toContain('application/problem+json');

    const first = await staffVerify(bank, typed);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toMatchObject({
      success: true,
      token_id: code.token_id,
      data: person,
      data_scope: ['identity'],
      issuer: { name: issuer.organization.name, client_id: issuer.organization.client_id },
    });

    const again = await staffVerify(bank, code.token);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('token_used');

    const usage = await server.db.query<{
      endpoint: string;
      status_code: number;
      api_key_id: null;
    }>('select endpoint, status_code, api_key_id from usage_logs where organization_id = $1', [
      bank.organization.id,
    ]);
    expect(usage).toEqual([
      { endpoint: 'POST /api/v1/tokens/verify', status_code: 200, api_key_id: null },
    ]);
    const audit = await server.db.query<{ action: string; actor_organization_id: string }>(
      'select action, actor_organization_id, actor, fields from audit_log where token_id = $1 order by created_at, seq',
      [code.token_id],
    );
    const uses = audit.filter((row) => row.action === 'use');
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({
      actor_organization_id: bank.organization.id,
      actor: expect.stringMatching(/^user:[0-9a-f-]{36}$/),
      fields: Object.keys(person),
    });
    expect(audit.filter((row) => row.action === 'failed_use')).toHaveLength(2);
  });

  it('answers the public problem codes: malformed, expired, revoked', async () => {
    const org = await createIntegrator(server.baseUrl);
    const real = await generate(org);
    // One wrong character: the check character catches it before any lookup.
    const typo = `${real.token.slice(0, -1)}${real.token.endsWith('0') ? '1' : '0'}`;
    const malformed = await staffVerify(org, typo);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('token_malformed');

    const empty = await staffVerify(org, '');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_failed');

    const revoked = await generate(org);
    await server.db.query("update tokens set status = 'revoked', ciphertext = null where id = $1", [
      revoked.token_id,
    ]);
    const revokedAnswer = await staffVerify(org, revoked.token);
    expect(revokedAnswer.status).toBe(410);
    expect(revokedAnswer.body.code).toBe('token_revoked');

    const expiring = await generate(org, { expires_in: 60 });
    clock.advance(61_000);
    const expired = await staffVerify(org, expiring.token);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('token_expired');
  });

  it('lets owners, admins and verifiers decrypt, and refuses other roles and anonymous callers', async () => {
    const org = await createIntegrator(server.baseUrl);
    const forVerifier = await generate(org);
    await setRole(org, 'verifier');
    expect((await staffVerify(org, forVerifier.token)).status).toBe(200);

    const forViewer = await generate(org);
    for (const role of ['viewer', 'developer']) {
      await setRole(org, role);
      const refused = await staffVerify(org, forViewer.token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
    }
    await setRole(org, 'owner');

    const anonymous = await request(server.baseUrl, 'POST', '/api/v1/tokens/verify', {
      json: { token: forViewer.token },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
    expect((await list({ ...org, token: '' })).status).toBe(401);
  });

  it('lists issued and received codes, metadata only, filtered and paged', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    const outsider = await createIntegrator(server.baseUrl);
    const toBank = await generate(issuer, { audience: bank.organization.client_id });
    const toSelf = await generate(issuer, { data_scope: ['identity', 'contact'] });
    const shortLived = await generate(issuer, { expires_in: 60 });
    expect((await staffVerify(bank, toBank.token)).status).toBe(200);
    clock.advance(61_000);

    const issued = await list(issuer, '?direction=issued');
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ total: 3, next_cursor: null });
    const byId = Object.fromEntries(
      issued.body.tokens.map((item: { token_id: string }) => [item.token_id, item]),
    );
    expect(byId[toBank.token_id]).toMatchObject({
      status: 'used',
      data_fields: Object.keys(person),
      used_by: { name: bank.organization.name },
      issuer: { name: issuer.organization.name },
      audience: { name: bank.organization.name },
    });
    expect(byId[toBank.token_id].used_at).toEqual(expect.any(String));
    expect(byId[toSelf.token_id]).toMatchObject({
      status: 'active',
      data_scope: ['identity', 'contact'],
      used_at: null,
      used_by: null,
      audience: { name: issuer.organization.name },
    });
    // Active but past its expiry: expired before the sweep reaches it.
    expect(byId[shortLived.token_id].status).toBe('expired');
    expect(Object.keys(byId[toSelf.token_id]).sort()).toEqual(
      [
        'audience',
        'created_at',
        'data_fields',
        'data_scope',
        'expires_at',
        'is_test',
        'issuer',
        'status',
        'token_id',
        'used_at',
        'used_by',
      ].sort(),
    );
    const raw = JSON.stringify(issued.body);
    for (const secret of [toBank.token, toSelf.token, shortLived.token, person.full_name])
      expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(/ciphertext|code_hash|subject/);

    const received = await list(bank, '?direction=received');
    expect(received.body.tokens.map((item: { token_id: string }) => item.token_id)).toEqual([
      toBank.token_id,
    ]);
    expect((await list(bank, '?direction=issued')).body).toMatchObject({ total: 0, tokens: [] });
    // Issued by default; the issuer's self-addressed codes are also received by it.
    expect((await list(issuer)).body.total).toBe(3);
    expect((await list(issuer, '?direction=received')).body.total).toBe(2);

    for (const [status, expected] of [
      ['active', [toSelf.token_id]],
      ['used', [toBank.token_id]],
      ['expired', [shortLived.token_id]],
      ['revoked', []],
    ] as const) {
      const filtered = await list(issuer, `?direction=issued&status=${status}`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.tokens.map((item: { token_id: string }) => item.token_id)).toEqual(
        expected,
      );
      expect(filtered.body.total).toBe(expected.length);
    }

    const page1 = await list(issuer, '?limit=2');
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    // A code issued after the first page does not shift the second one.
    const later = await generate(issuer);
    const page2 = await list(issuer, `?limit=2&cursor=${page1.body.next_cursor}`);
    expect(page1.body.tokens).toHaveLength(2);
    expect(page2.body).toMatchObject({ total: 4, next_cursor: null });
    expect(page2.body.tokens).toHaveLength(1);
    const paged = [...page1.body.tokens, ...page2.body.tokens].map(
      (item: { token_id: string }) => item.token_id,
    );
    expect(new Set(paged)).toEqual(
      new Set([toBank.token_id, toSelf.token_id, shortLived.token_id]),
    );
    expect(paged).not.toContain(later.token_id);

    // Search by part of the reference, any case, and by date.
    const part = toSelf.token_id.slice(6, 14).toLowerCase();
    expect(
      (await list(issuer, `?q=${part}`)).body.tokens.map((i: { token_id: string }) => i.token_id),
    ).toEqual([toSelf.token_id]);
    // A whole reference, as given out or in another case; another body's code stays unseen.
    for (const q of [toBank.token_id, ` ${toBank.token_id.toLowerCase()} `]) {
      expect((await list(issuer, `?q=${encodeURIComponent(q)}`)).body).toMatchObject({
        total: 1,
        tokens: [{ token_id: toBank.token_id }],
      });
    }
    expect((await list(issuer, `?q=${toBank.token_id}&status=active`)).body.total).toBe(0);
    expect((await list(outsider, `?q=${toBank.token_id}&direction=issued`)).body.total).toBe(0);
    const since = new Date(clock.now().getTime() - 1000).toISOString();
    expect(
      (await list(issuer, `?from=${since}`)).body.tokens.map(
        (i: { token_id: string }) => i.token_id,
      ),
    ).toEqual([later.token_id]);
    expect((await list(issuer, `?to=${since}`)).body.total).toBe(3);

    for (const direction of ['issued', 'received'])
      expect((await list(outsider, `?direction=${direction}`)).body).toMatchObject({
        total: 0,
        tokens: [],
      });
  });

  it('counts the matching codes up to the cap, and says when more match', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    // Codes written straight to the table: ten thousand through the API would take minutes.
    await server.db.query(
      `insert into tokens (id, organization_id, audience_organization_id, code_hash, data_fields,
                           data_scope, audit_shard, status, created_at, expires_at)
       select 'tok_cap' || n, $1, $1, 'cap-hash-' || n, '{full_name}', '{}', 0, 'used',
              $2::timestamptz - n * interval '1 second', $2::timestamptz + interval '1 hour'
         from generate_series(1, $3::int) as n`,
      [issuer.organization.id, clock.now(), CODE_LIST_COUNT_CAP + 1],
    );
    const all = await list(issuer, '?direction=issued&limit=5');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: CODE_LIST_COUNT_CAP, total_capped: true });
    expect(all.body.tokens.map((item: { token_id: string }) => item.token_id)).toEqual([
      'tok_cap1',
      'tok_cap2',
      'tok_cap3',
      'tok_cap4',
      'tok_cap5',
    ]);
    // Exactly the cap is still an exact count.
    const one = all.body.tokens[0].token_id as string;
    await server.db.query("update tokens set status = 'revoked' where id = $1", [one]);
    expect((await list(issuer, '?direction=issued&status=used')).body).toMatchObject({
      total: CODE_LIST_COUNT_CAP,
      total_capped: false,
    });
    expect((await list(issuer, '?direction=issued&status=revoked')).body).toMatchObject({
      total: 1,
      total_capped: false,
    });
  });

  it('refuses bad list input with problem+json', async () => {
    const org = await createIntegrator(server.baseUrl);
    for (const query of [
      '?direction=sent',
      '?status=lost',
      '?limit=0',
      '?limit=500',
      '?from=yesterday',
    ]) {
      const res = await list(org, query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('validation_failed');
    }
    const cursor = await list(org, '?cursor=bm90LWEtY3Vyc29y');
    expect(cursor.status).toBe(400);
    expect(cursor.body.code).toBe('bad_request');
  });

  type History = {
    token: { code_tail: string; status: string };
    entries: {
      action: string;
      member: { name: string } | null;
      organization: { name: string } | null;
      via: string;
      fields: string[];
      chain: { shard: number; seq: number; hash: string };
    }[];
  };
  const history = (org: Org, tokenId: string) =>
    request(server.baseUrl, 'GET', `/api/v1/tokens/${tokenId}/history`, { token: org.token });
  const revoke = (org: Org, tokenId: string) =>
    request(server.baseUrl, 'POST', `/api/v1/tokens/${tokenId}/revoke`, { token: org.token });

  it("shows a code's history with the member who decrypted it, to its issuer and audience only", async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    const outsider = await createIntegrator(server.baseUrl);
    const code = await generate(issuer, { audience: bank.organization.client_id });
    expect((await staffVerify(bank, code.token)).status).toBe(200);

    const seenByBank = await history(bank, code.token_id);
    expect(seenByBank.status).toBe(200);
    const body = seenByBank.body as History;
    // The receipt names the code by its last characters only.
    expect(body.token.code_tail).toBe(code.token.replaceAll('-', '').slice(-4));
    expect(body.token.status).toBe('used');
    expect(body.entries.map((entry) => entry.action)).toEqual(['issue', 'use']);
    const [issue, use] = body.entries;
    expect(issue).toMatchObject({
      via: 'api_key',
      member: null,
      organization: { name: issuer.organization.name },
    });
    expect(use).toMatchObject({
      via: 'dashboard',
      member: { name: expect.stringMatching(/\S/) },
      organization: { name: bank.organization.name },
      fields: Object.keys(person),
    });
    const [chainRow] = await server.db.query<{ hash: string; seq: string }>(
      "select hash, seq from audit_log where token_id = $1 and action = 'use'",
      [code.token_id],
    );
    expect(use!.chain).toMatchObject({ hash: chainRow!.hash, seq: Number(chainRow!.seq) });

    // The issuer sees which organisation decrypted it, not which of its staff.
    const seenByIssuer = (await history(issuer, code.token_id)).body as History;
    expect(seenByIssuer.entries[1]).toMatchObject({
      member: null,
      organization: { name: bank.organization.name },
    });

    for (const stranger of [outsider]) {
      const refused = await history(stranger, code.token_id);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('token_not_found');
    }
    expect((await history(bank, 'tok_doesNotExist')).status).toBe(404);
    expect((await history(bank, 'not-a-reference')).status).toBe(400);
  });

  it('lets owners and admins revoke an issued code from the dashboard, audited under their name', async () => {
    const issuer = await createIntegrator(server.baseUrl);
    const bank = await createIntegrator(server.baseUrl);
    const code = await generate(issuer, { audience: bank.organization.client_id });

    // The audience cannot revoke a code it did not issue; nor can another organisation.
    for (const other of [bank]) {
      const refused = await revoke(other, code.token_id);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('token_not_found');
    }
    for (const role of ['developer', 'verifier', 'viewer']) {
      await setRole(issuer, role);
      expect((await revoke(issuer, code.token_id)).status).toBe(403);
    }
    await setRole(issuer, 'admin');
    const revoked = await revoke(issuer, code.token_id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true, status: 'revoked' });
    expect((await revoke(issuer, code.token_id)).status).toBe(200);
    await setRole(issuer, 'owner');

    const refused = await staffVerify(bank, code.token);
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('token_revoked');
    const entries = ((await history(issuer, code.token_id)).body as History).entries;
    expect(entries.find((entry) => entry.action === 'revoke')).toMatchObject({
      via: 'dashboard',
      member: { name: expect.stringMatching(/\S/) },
    });
    const [row] = await server.db.query<{ ciphertext: string | null }>(
      'select ciphertext from tokens where id = $1',
      [code.token_id],
    );
    expect(row!.ciphertext).toBeNull();

    const used = await generate(issuer);
    expect((await staffVerify(issuer, used.token)).status).toBe(200);
    expect((await revoke(issuer, used.token_id)).body.code).toBe('token_used');
  });
});
