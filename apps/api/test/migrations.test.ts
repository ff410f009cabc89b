import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTestDatabase, databaseKinds } from './harness.ts';

/** An organisation as any migration since 0001 knows it; its id. */
async function insertOrganization(db: Queryable) {
  const organizationId = randomUUID();
  await db.query(
    `insert into organizations (id, name, type, email, contact_person, client_id,
                                client_secret_encrypted, client_secret_hash)
     values ($1, 'Old organisation', 'private', 'old@example.sa', 'Sara', $2, 'x', 'x')`,
    [organizationId, `client-${organizationId}`],
  );
  return organizationId;
}

/** What a migration does to rows an older database already holds, seen on a real upgrade. */
describe.each(databaseKinds)('upgrading an existing database (%s)', (kind) => {
  it('0038: every notification preference set up before it also receives misuse_reported, once; 0140: they stay confirmed', async () => {
    const db = await createTestDatabase(kind, { migrateThrough: '0037_usage_months.sql' });
    try {
      const organizationId = await insertOrganization(db);
      const preference = async (eventTypes: string[]) => {
        const id = randomUUID();
        await db.query(
          `insert into notification_preferences
             (id, organization_id, notification_type, event_types, destination)
           values ($1, $2, 'email', $3, 'alerts@example.sa')`,
          [id, organizationId, eventTypes],
        );
        return id;
      };
      const chosen = await preference(['rate_limit_exceeded', 'token_revoked']);
      // Not a type anyone could choose before 0038; a row that has it must not get it twice.
      const alreadyThere = await preference(['misuse_reported']);

      const applied = await migrate(db);
      expect(applied[0]).toBe('0038_misuse_reports.sql');

      const eventTypes = async (id: string) =>
        (
          await db.query<{ event_types: string[] }>(
            'select event_types from notification_preferences where id = $1',
            [id],
          )
        )[0]!.event_types;
      expect(await eventTypes(chosen)).toEqual([
        'rate_limit_exceeded',
        'token_revoked',
        'misuse_reported',
      ]);
      expect(await eventTypes(alreadyThere)).toEqual(['misuse_reported']);
      // 0140: mailboxes set up before confirmation existed keep receiving their alerts.
      expect(applied).toContain('0140_notification_destination_confirmation.sql');
      const confirmation = await db.query<{ confirmed: boolean; pending: boolean }>(
        `select confirmed_at = created_at as confirmed,
                confirmation_token_hash is not null or confirmation_expires_at is not null as pending
           from notification_preferences where organization_id = $1`,
        [organizationId],
      );
      expect(confirmation).toEqual([
        { confirmed: true, pending: false },
        { confirmed: true, pending: false },
      ]);
    } finally {
      await db.close();
    }
  });

  it('0120-0121: test codes leave the live active-code count; a key keeps its last logged call', async () => {
    const db = await createTestDatabase(kind, {
      migrateThrough: '0101_usage_logs_partitions.sql',
    });
    try {
      const organizationId = await insertOrganization(db);
      const testKeyId = randomUUID();
      await db.query(
        `insert into api_keys (id, organization_id, key_name, api_key, secret_hash, scopes, mode)
         values ($1, $2, 'Sandbox', $3, 'x', '{token:generate}', 'test')`,
        [testKeyId, organizationId, `tqk_test_${testKeyId}`],
      );
      const expiresAt = new Date(Date.now() + 3 * 3_600_000);
      const code = (isTest: boolean) =>
        db.query(
          `insert into tokens (id, organization_id, audience_organization_id, code_hash, data_fields,
                               data_scope, audit_shard, created_at, expires_at, is_test)
           values ($1, $2, $2, $1, '{}', '{}', 0, now(), $3, $4)`,
          [`tok_${randomUUID()}`, organizationId, expiresAt, isTest],
        );
      await code(false);
      await code(true);
      await code(true);
      // As the write batcher counted every code before 0120.
      await db.query(
        `insert into active_code_counts (organization_id, expires_quarter, codes)
         values ($1, date_bin('15 minutes', $2::timestamptz, timestamptz '2000-01-01 00:00:00+00'), 3)`,
        [organizationId, expiresAt],
      );
      const call = (at: string, status: number, ip: string) =>
        db.query(
          `insert into request_log (id, organization_id, created_at, method, path, status, api_key_id,
                                    client_ip, latency_ms, is_test)
           values ($1, $2, $3, 'POST', '/v1/tokens/generate', $4, $5, $6, 1, true)`,
          [randomUUID(), organizationId, at, status, testKeyId, ip],
        );
      await call('2025-05-01T10:00:00Z', 201, '10.0.0.1');
      // A refused secret presented with the key is not a use of it.
      await call('2025-05-02T10:00:00Z', 401, '10.0.0.9');

      await migrate(db);

      const [counted] = await db.query<{ codes: number }>(
        'select codes from active_code_counts where organization_id = $1',
        [organizationId],
      );
      expect(counted!.codes).toBe(1);
      const [key] = await db.query<{ last_called_at: Date; last_called_ip: string }>(
        'select last_called_at, last_called_ip from api_keys where id = $1',
        [testKeyId],
      );
      expect(key).toEqual({
        last_called_at: new Date('2025-05-01T10:00:00Z'),
        last_called_ip: '10.0.0.1',
      });
    } finally {
      await db.close();
    }
  });
  it('0141: an answered request whose webhook was still due is queued as a delivery of each webhook', async () => {
    const db = await createTestDatabase(kind, {
      migrateThrough: '0140_notification_destination_confirmation.sql',
    });
    try {
      const organizationId = await insertOrganization(db);
      const preference = async (type: 'webhook' | 'email', isActive: boolean) => {
        const id = randomUUID();
        await db.query(
          `insert into notification_preferences (id, organization_id, notification_type, event_types,
                                                 destination, is_active, confirmed_at)
           values ($1, $2, $3, '{ip_blocked}', 'https://hooks.example.sa/t', $4, now())`,
          [id, organizationId, type, isActive],
        );
        return id;
      };
      const hook = await preference('webhook', true);
      await preference('webhook', false);
      await preference('email', true);
      const answered = async (id: string, webhookDue: boolean) =>
        db.query(
          `insert into verification_requests (id, organization_id, fields, purpose, match_number,
             match_choices, status, created_at, expires_at, token_id, fulfilled_at, webhook_due)
           values ($1, $2, '{full_name}', 'فتح حساب', '47', '{12,47,85}', 'fulfilled', now(),
                   now() + interval '10 minutes', $1, now(), $3)`,
          [id, organizationId, webhookDue],
        );
      await answered('vrq_due', true);
      await answered('vrq_sent', false);

      expect(await migrate(db)).toContain('0141_request_webhook_deliveries.sql');

      const queued = await db.query(
        `select preference_id, event_id, verification_request_id, status, attempts
           from notification_deliveries`,
      );
      expect(queued).toEqual([
        {
          preference_id: hook,
          event_id: null,
          verification_request_id: 'vrq_due',
          status: 'pending',
          attempts: 0,
        },
      ]);
    } finally {
      await db.close();
    }
  });
});
