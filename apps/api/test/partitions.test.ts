import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  dropMonthPartitionsBefore,
  ensureMonthPartitions,
  monthPartitions,
} from '../src/db/month-partitions.ts';
import { REQUEST_LOG_PARTITIONS } from '../src/modules/request-log/request-log.queries.ts';
import { USAGE_LOG_PARTITIONS } from '../src/modules/wallet/usage-retention.ts';
import { createTestDatabase, databaseKinds, insertOrganization } from './harness.ts';

const logCall = (db: Database, organizationId: string, at: string) =>
  db.query(
    `insert into request_log (id, organization_id, created_at, method, path, status, latency_ms)
     values ($1, $2, $3, 'POST', '/v1/tokens/generate', 201, 3)`,
    [randomUUID(), organizationId, new Date(at)],
  );

/** Each row of the organisation's log with the partition that holds it, oldest first. */
const placement = (db: Database, organizationId: string) =>
  db.query<{ at: Date; partition: string }>(
    `select created_at as at, tableoid::regclass::text as partition from request_log
      where organization_id = $1 order by created_at`,
    [organizationId],
  );

/** Each builds an embedded database from the first migration, which takes seconds under load. */
const MIGRATING_TEST_MS = 90_000;

describe.each(databaseKinds)('month partitions of the logs (%s)', (kind) => {
  it(
    '0100 keeps every row of an existing log, and the job gives each month its partition',
    async () => {
      const db = await createTestDatabase(kind, { migrateThrough: '0050_usage_local_days.sql' });
      try {
        const organizationId = await insertOrganization(db);
        for (const at of ['2026-09-30T23:59:59Z', '2026-10-01T00:00:00Z', '2026-11-20T08:00:00Z']) {
          await logCall(db, organizationId, at);
        }
        expect(await migrate(db)).toContain('0100_request_log_partitions.sql');
        expect((await placement(db, organizationId)).map((row) => row.partition)).toEqual([
          'request_log_default',
          'request_log_default',
          'request_log_default',
        ]);

        const now = new Date('2026-11-28T12:00:00Z');
        await ensureMonthPartitions(db, REQUEST_LOG_PARTITIONS, now);
        expect((await monthPartitions(db, REQUEST_LOG_PARTITIONS)).map((p) => p.name)).toEqual([
          'request_log_y2026m09',
          'request_log_y2026m10',
          'request_log_y2026m11',
          'request_log_y2026m12',
          'request_log_y2027m01',
        ]);
        expect((await placement(db, organizationId)).map((row) => row.partition)).toEqual([
          'request_log_y2026m09',
          'request_log_y2026m10',
          'request_log_y2026m11',
        ]);
        // A new call lands in its month's partition, never in the default one.
        await logCall(db, organizationId, '2026-12-02T10:00:00Z');
        expect((await placement(db, organizationId)).at(-1)?.partition).toBe(
          'request_log_y2026m12',
        );
      } finally {
        await db.close();
      }
    },
    MIGRATING_TEST_MS,
  );

  it(
    'drops whole months once every row is past retention, and nothing younger',
    async () => {
      const db = await createTestDatabase(kind);
      try {
        const organizationId = await insertOrganization(db);
        await ensureMonthPartitions(db, REQUEST_LOG_PARTITIONS, new Date('2026-10-15T00:00:00Z'));
        await logCall(db, organizationId, '2026-10-31T23:00:00Z');
        await logCall(db, organizationId, '2026-11-01T01:00:00Z');

        // 30 days before 2026-11-30T12:00 is 2026-10-31T12:00: October still has a younger row.
        expect(
          await dropMonthPartitionsBefore(
            db,
            REQUEST_LOG_PARTITIONS,
            new Date('2026-10-31T12:00:00Z'),
          ),
        ).toEqual([]);
        expect(await placement(db, organizationId)).toHaveLength(2);

        const dropped = await dropMonthPartitionsBefore(
          db,
          REQUEST_LOG_PARTITIONS,
          new Date('2026-11-01T00:00:00Z'),
        );
        expect(dropped).toEqual(['request_log_y2026m10']);
        expect((await placement(db, organizationId)).map((row) => row.partition)).toEqual([
          'request_log_y2026m11',
        ]);
        // The month is gone from the table, and a late row of it would land in the default one.
        await logCall(db, organizationId, '2026-10-20T00:00:00Z');
        expect((await placement(db, organizationId))[0]?.partition).toBe('request_log_default');
      } finally {
        await db.close();
      }
    },
    MIGRATING_TEST_MS,
  );

  it(
    '0101 keeps every billed call, and a dropped month keeps the calls the unpaid balance is counted from',
    async () => {
      const db = await createTestDatabase(kind, {
        migrateThrough: '0100_request_log_partitions.sql',
      });
      try {
        const organizationId = await insertOrganization(db);
        const bill = (at: string) =>
          db.query(
            `insert into usage_logs (id, organization_id, endpoint, status_code, cost_millis, created_at)
           values ($1, $2, '/v1/tokens/generate', 201, 5, $3)`,
            [randomUUID(), organizationId, new Date(at)],
          );
        await bill('2026-08-10T09:00:00Z');
        // The last payment fell in this quarter hour: its calls stay whatever their age; the next
        // quarter's are counted from the quarter-hour roll-ups.
        await bill('2026-08-20T10:05:00Z');
        await bill('2026-08-20T10:20:00Z');
        await bill('2026-11-20T10:00:00Z');
        await db.query(
          `insert into wallet_payments (id, organization_id, amount_millis, paid_at)
         values ($1, $2, 10, '2026-08-20T10:10:00Z')`,
          [randomUUID(), organizationId],
        );
        expect(await migrate(db)).toContain('0101_usage_logs_partitions.sql');
        const calls = () =>
          db.query<{ at: Date; partition: string }>(
            `select created_at as at, tableoid::regclass::text as partition from usage_logs
            where organization_id = $1 order by created_at`,
            [organizationId],
          );
        expect(await calls()).toHaveLength(4);

        await ensureMonthPartitions(db, USAGE_LOG_PARTITIONS, new Date('2026-11-28T00:00:00Z'));
        expect((await calls()).map((row) => row.partition)).toEqual([
          'usage_logs_y2026m08',
          'usage_logs_y2026m08',
          'usage_logs_y2026m08',
          'usage_logs_y2026m11',
        ]);
        expect(
          await dropMonthPartitionsBefore(
            db,
            USAGE_LOG_PARTITIONS,
            new Date('2026-09-15T00:00:00Z'),
          ),
        ).toEqual(['usage_logs_y2026m08']);
        expect((await calls()).map((row) => [row.at.toISOString(), row.partition])).toEqual([
          ['2026-08-20T10:05:00.000Z', 'usage_logs_default'],
          ['2026-11-20T10:00:00.000Z', 'usage_logs_y2026m11'],
        ]);
      } finally {
        await db.close();
      }
    },
    MIGRATING_TEST_MS,
  );
});
