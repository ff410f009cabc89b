import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensureMonthPartitions, monthPartitions } from '../src/db/month-partitions.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { CODE_PARTITIONS } from '../src/modules/tokens/code-months.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  insertOrganization,
  startTestServer,
  type TestServer,
} from './harness.ts';

/** Each row of the codes with the partition that holds it, oldest first. */
const placement = (db: Database) =>
  db.query<{ id: string; partition: string }>(
    'select id, tableoid::regclass::text as partition from tokens order by created_at',
  );

const person = { full_name: 'Sara Al-Harbi', national_id: '1012345678' };

describe.each(databaseKinds)('the codes by month (%s)', (kind) => {
  it('0123 keeps every code, and the job gives each month its partition', async () => {
    const db = await createTestDatabase(kind, { migrateThrough: '0122_claimed_email.sql' });
    try {
      const organizationId = await insertOrganization(db);
      const codes = {
        tok_september: '2026-09-30T23:59:59Z',
        tok_october: '2026-10-01T00:00:00Z',
        tok_november: '2026-11-20T08:00:00Z',
      };
      for (const [id, at] of Object.entries(codes)) {
        await db.query(
          `insert into tokens (id, organization_id, audience_organization_id, code_hash, data_fields,
                               data_scope, audit_shard, status, created_at, expires_at)
           values ($1, $2, $2, $1 || '-hash', '{full_name}', '{}', 0, 'used', $3, $3::timestamptz + interval '1 hour')`,
          [id, organizationId, new Date(at)],
        );
      }
      expect(await migrate(db)).toContain('0123_tokens_partitions.sql');
      expect((await placement(db)).map((row) => row.partition)).toEqual([
        'tokens_default',
        'tokens_default',
        'tokens_default',
      ]);

      await ensureMonthPartitions(db, CODE_PARTITIONS, new Date('2026-11-28T12:00:00Z'));
      expect((await monthPartitions(db, CODE_PARTITIONS)).map((p) => p.name)).toEqual([
        'tokens_y2026m09',
        'tokens_y2026m10',
        'tokens_y2026m11',
        'tokens_y2026m12',
        'tokens_y2027m01',
      ]);
      expect(await placement(db)).toEqual([
        { id: 'tok_september', partition: 'tokens_y2026m09' },
        { id: 'tok_october', partition: 'tokens_y2026m10' },
        { id: 'tok_november', partition: 'tokens_y2026m11' },
      ]);
    } finally {
      await db.close();
    }
  });

  describe('codes months apart', () => {
    const clock = new ManualClock(new Date('2026-08-10T09:00:00Z'));
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { clock });
    });
    afterAll(() => server.close());

    it('a code from months ago still answers expired or used, and a new one is used once', async () => {
      const issuer = await createIntegrator(server.baseUrl);
      const generate = () =>
        issuer.call('POST', '/v1/tokens/generate', { data: person, expires_in: 600 });
      const old = await generate();
      const oldUsed = await generate();
      expect(oldUsed.status).toBe(201);
      expect(
        (await issuer.call('POST', '/v1/tokens/verify', { token: oldUsed.body.token })).status,
      ).toBe(200);

      clock.advance(102 * 86_400_000);
      await ensureMonthPartitions(server.db, CODE_PARTITIONS, clock.now());
      const fresh = await generate();
      const partitionOf = async (id: string) =>
        (
          await server.db.query<{ partition: string }>(
            'select tableoid::regclass::text as partition from tokens where id = $1',
            [id],
          )
        )[0]?.partition;
      expect(await partitionOf(old.body.token_id)).toBe('tokens_y2026m08');
      expect(await partitionOf(fresh.body.token_id)).toBe('tokens_y2026m11');

      // Verify reads the months a live code can be from first, then every month.
      const late = await issuer.call('POST', '/v1/tokens/verify', { token: old.body.token });
      expect([late.status, late.body.code]).toEqual([410, 'token_expired']);
      const usedLong = await issuer.call('POST', '/v1/tokens/verify', {
        token: oldUsed.body.token,
      });
      expect([usedLong.status, usedLong.body.code]).toEqual([410, 'token_used']);
      const guess = await issuer.call('POST', '/v1/tokens/verify', {
        token: '0000-0000-0000-0000-0',
      });
      expect([guess.status, guess.body.code]).toEqual([404, 'token_not_found']);

      const verified = await issuer.call('POST', '/v1/tokens/verify', { token: fresh.body.token });
      expect([verified.status, verified.body.data]).toEqual([200, person]);
      const again = await issuer.call('POST', '/v1/tokens/verify', { token: fresh.body.token });
      expect([again.status, again.body.code]).toEqual([410, 'token_used']);

      // Reads by reference find a code in any month.
      const status = await issuer.call('GET', `/v1/tokens/${old.body.token_id}/status`);
      expect([status.status, status.body.status]).toEqual([200, 'expired']);
      const [audit] = await server.db.query<{ actions: string[] }>(
        `select array_agg(action order by seq) as actions from audit_log where token_id = $1`,
        [old.body.token_id],
      );
      expect(audit!.actions).toEqual(['issue', 'failed_use']);
    });
  });
});
