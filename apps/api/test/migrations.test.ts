import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { createTestDatabase, databaseKinds } from './harness.ts';

/** What a migration does to rows an older database already holds, seen on a real upgrade. */
describe.each(databaseKinds)('upgrading an existing database (%s)', (kind) => {
  it('0038: every notification preference set up before it also receives misuse_reported, once', async () => {
    const db = await createTestDatabase(kind, { migrateThrough: '0037_usage_months.sql' });
    try {
      const organizationId = randomUUID();
      await db.query(
        `insert into organizations (id, name, type, email, contact_person, client_id,
                                    client_secret_encrypted, client_secret_hash)
         values ($1, 'Old organisation', 'private', 'old@example.sa', 'Sara', $2, 'x', 'x')`,
        [organizationId, `client-${organizationId}`],
      );
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
    } finally {
      await db.close();
    }
  });
});
