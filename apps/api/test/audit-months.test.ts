import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { verifyAuditChain } from '../src/modules/audit/audit.service.ts';
import { runAuditCheckpoint } from '../src/modules/audit/audit-checkpoints.ts';
import {
  AuditArchiveRefused,
  archiveAuditMonth,
  runAuditMonths,
} from '../src/modules/audit/audit-months.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  insertOrganization,
  startTestServer,
  type TestServer,
} from './harness.ts';

/** Each builds a database from the first migration, which takes seconds under load. */
const MIGRATING_TEST_MS = 90_000;

/** Each audit row with the partition that holds it, oldest first. */
const partitionOf = (server: TestServer) =>
  server.db.query<{ token_id: string; action: string; partition: string }>(
    `select token_id, action, tableoid::regclass::text as partition from audit_log
      order by created_at, action`,
  );

describe.each(databaseKinds)('the audit log by month (%s)', (kind) => {
  it(
    '0102 keeps every row of an existing audit log, in the default partition until the job runs',
    async () => {
      const db = await createTestDatabase(kind, {
        migrateThrough: '0101_usage_logs_partitions.sql',
      });
      try {
        const organizationId = await insertOrganization(db, 'Audited');
        const before = await db.query(
          `insert into audit_log (organization_id, shard, seq, token_id, action, fields, created_at,
                                  prev_hash, hash)
           select $1, 7, n, 'tok_' || n, 'issue', '{full_name}',
                  timestamptz '2026-09-30T23:00:00Z' + n * interval '1 hour', 'p' || n, 'h' || n
             from generate_series(1, 3) n
           returning *`,
          [organizationId],
        );
        expect(await migrate(db)).toContain('0102_audit_log_partitions.sql');
        const after = await db.query(
          `select *, tableoid::regclass::text as partition from audit_log order by seq`,
        );
        expect(after.map(({ partition, ...row }) => row)).toEqual(before);
        expect(new Set(after.map((row) => row.partition))).toEqual(new Set(['audit_log_default']));
      } finally {
        await db.close();
      }
    },
    MIGRATING_TEST_MS,
  );

  it(
    'seals a month once it is over and signed, archives it oldest first, and the chains still check',
    async () => {
      const clock = new ManualClock(new Date('2026-09-20T10:00:00Z'));
      const server = await startTestServer(kind, { clock });
      try {
        const bank = await createIntegrator(server.baseUrl);
        const issue = async () => {
          const answer = await bank.call('POST', '/v1/tokens/generate', {
            data: { full_name: 'Sara' },
            audience: bank.organization.client_id,
          });
          expect(answer.status).toBe(201);
          return answer.body as { token: string; token_id: string };
        };
        const september = [await issue(), await issue()];
        expect(
          (await bank.call('POST', '/v1/tokens/verify', { token: september[0]!.token })).status,
        ).toBe(200);
        clock.set(new Date('2026-10-10T10:00:00Z'));
        const october = await issue();

        // 30 minutes after October ended: each month gets its partition with its rows; September
        // waits for a signed checkpoint, October for the hour after its end.
        clock.set(new Date('2026-11-01T00:30:00Z'));
        const first = await runAuditMonths(server.ctx);
        expect(first.partitioned).toEqual(
          expect.arrayContaining([
            'audit_log_y2026m09',
            'audit_log_y2026m10',
            'audit_log_y2027m01',
          ]),
        );
        expect(first.sealed).toEqual([]);
        expect((await partitionOf(server)).map((row) => row.partition)).toEqual([
          'audit_log_y2026m09',
          'audit_log_y2026m09',
          'audit_log_y2026m09',
          'audit_log_y2026m10',
        ]);
        await expect(archiveAuditMonth(server.db, '2026-09-01', async () => {})).rejects.toThrow(
          /not sealed yet/,
        );
        await runAuditCheckpoint(server.ctx);
        expect((await runAuditMonths(server.ctx)).sealed).toEqual(['2026-09-01']);
        clock.set(new Date('2026-11-01T01:30:00Z'));
        expect((await runAuditMonths(server.ctx)).sealed).toEqual(['2026-10-01']);

        // Months leave oldest first; a keeper that fails leaves the month where it was.
        await expect(archiveAuditMonth(server.db, '2026-10-01', async () => {})).rejects.toThrow(
          AuditArchiveRefused,
        );
        await expect(
          archiveAuditMonth(server.db, '2026-09-01', async () => {
            throw new Error('disk full');
          }),
        ).rejects.toThrow('disk full');
        expect(await partitionOf(server)).toHaveLength(4);

        let kept:
          | { rows: Array<{ token_id: string; shard: number }>; heads: unknown[] }
          | undefined;
        const archived = await archiveAuditMonth(server.db, '2026-09-01', async (rows, heads) => {
          kept = { rows, heads };
        });
        expect(archived.rows).toBe(3);
        expect(kept?.rows.map((row) => row.token_id).sort()).toEqual(
          [september[0]!.token_id, september[0]!.token_id, september[1]!.token_id].sort(),
        );
        // One head per chain the month wrote to: its last row, where the chain goes on.
        expect(kept?.heads).toHaveLength(new Set(kept?.rows.map((row) => row.shard)).size);
        expect((await partitionOf(server)).map((row) => row.token_id)).toEqual([october.token_id]);

        // The chains go on from the archived heads: intact, and a removed row is still caught.
        expect(await verifyAuditChain(server.ctx)).toMatchObject({ status: 'ok', rows: 1 });
        const next = await issue();
        expect(await verifyAuditChain(server.ctx)).toMatchObject({ status: 'ok', rows: 2 });
        await server.db.query('delete from audit_log where token_id = $1', [next.token_id]);
        expect(await verifyAuditChain(server.ctx)).toMatchObject({ status: 'broken' });
      } finally {
        await server.close();
      }
    },
    MIGRATING_TEST_MS,
  );
});
