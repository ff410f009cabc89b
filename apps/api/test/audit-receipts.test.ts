import {
  type AuditKeySet,
  AuditProofError,
  type Receipt,
  verifiersOfKeySet,
  verifyReceiptEntry,
} from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAuditCheckpoint } from '../src/modules/audit/audit-checkpoints.ts';
import {
  createIntegrator,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { nationalId } from './individuals-helpers.ts';
import { createIndividual } from './personal-helpers.ts';

describe.each(databaseKinds)('receipts of a code on %s', (kind) => {
  let server: TestServer;
  let bank: Awaited<ReturnType<typeof createIntegrator>>;
  let shop: Awaited<ReturnType<typeof createIntegrator>>;
  let person: Awaited<ReturnType<typeof createIndividual>>;
  let tokenId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [bank, shop] = [await createIntegrator(server.baseUrl), await createIntegrator(server.baseUrl)];
    person = await createIndividual(server, nationalId());
    const issued = await bank.call('POST', '/v1/tokens/generate', {
      data: { full_name: 'Sara' },
      subject: { national_id: person.nationalId },
      audience: shop.organization.client_id,
    });
    expect(issued.status).toBe(201);
    tokenId = issued.body.token_id;
    expect(
      (await shop.call('POST', '/v1/tokens/verify', { token: issued.body.token })).status,
    ).toBe(200);
  });
  afterAll(() => server.close());

  const verifiers = async () => {
    const keys = await request(server.baseUrl, 'GET', '/.well-known/tanqin-audit-keys');
    return verifiersOfKeySet(keys.body as AuditKeySet);
  };
  const receiptPath = () => `/v1/tokens/${tokenId}/receipt`;

  it('lists the entries as pending, with Retry-After, until a checkpoint covers them', async () => {
    const answer = await bank.call('GET', receiptPath());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token_id: tokenId, entries: [], pending: ['issued', 'used'] });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives the issuer and the audience the issue and the use, each checking offline', async () => {
    await runAuditCheckpoint(server.ctx);
    for (const organisation of [bank, shop]) {
      const answer = await organisation.call('GET', receiptPath());
      expect(answer.status).toBe(200);
      expect(answer.headers.get('retry-after')).toBeNull();
      const receipt = answer.body as Receipt;
      expect(receipt.pending).toEqual([]);
      expect(receipt.entries.map((entry) => entry.kind)).toEqual(['issued', 'used']);
      for (const entry of receipt.entries) {
        const checked = await verifyReceiptEntry(entry, await verifiers(), tokenId);
        expect(checked.entry).toMatchObject({ token_id: tokenId, fields: ['full_name'] });
      }
    }
    const stranger = await createIntegrator(server.baseUrl);
    const refused = await stranger.call('GET', receiptPath());
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('token_not_found');
  });

  it("gives the person their code's receipt and nobody else's", async () => {
    const answer = await request(server.baseUrl, 'GET', `/api/v1/me/codes/${tokenId}/receipt`, {
      token: person.token,
    });
    expect(answer.status).toBe(200);
    const receipt = answer.body as Receipt;
    expect(receipt.entries).toHaveLength(2);
    for (const entry of receipt.entries)
      await verifyReceiptEntry(entry, await verifiers(), tokenId);

    const other = await createIndividual(server, nationalId());
    const refused = await request(server.baseUrl, 'GET', `/api/v1/me/codes/${tokenId}/receipt`, {
      token: other.token,
    });
    expect(refused.status).toBe(404);
  });

  it("names the organisations a receipt's entries record, to anyone, by their ids only", async () => {
    const receipt = (await bank.call('GET', receiptPath())).body as Receipt;
    const [issued, used] = await Promise.all(
      receipt.entries.map(async (entry) => verifyReceiptEntry(entry, await verifiers(), tokenId)),
    );
    const issuer = await request(
      server.baseUrl,
      'GET',
      `/v1/audit/organizations/${issued!.entry.organization_id}`,
    );
    expect(issuer.status).toBe(200);
    expect(issuer.body).toMatchObject({ id: bank.organization.id, name: bank.organization.name });
    const user = await request(
      server.baseUrl,
      'GET',
      `/v1/audit/organizations/${used!.entry.actor_organization_id}`,
    );
    expect(user.body.name).toBe(shop.organization.name);

    const unknown = await request(
      server.baseUrl,
      'GET',
      '/v1/audit/organizations/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const malformed = await request(server.baseUrl, 'GET', '/v1/audit/organizations/bank');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
  });

  it('stops checking once the audit row is rewritten in the database', async () => {
    await server.db.query(
      `update audit_log set fields = array['full_name', 'iban'] where token_id = $1 and action = 'use'`,
      [tokenId],
    );
    const receipt = (await bank.call('GET', receiptPath())).body as Receipt;
    const [issued, used] = receipt.entries;
    await verifyReceiptEntry(issued!, await verifiers(), tokenId);
    await expect(verifyReceiptEntry(used!, await verifiers(), tokenId)).rejects.toThrow(
      AuditProofError,
    );
  });
});
