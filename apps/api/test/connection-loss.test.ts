import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createTestDatabase, databaseKinds } from './harness.ts';

describe.runIf(databaseKinds.includes('postgres'))(
  'a PostgreSQL session ended by the server',
  () => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase('postgres');
    });
    afterAll(async () => {
      await db?.close();
    });

    it('fails the transaction that held it, keeps the process up and serves the next query', async () => {
      const held = db.transaction(async (tx) => {
        const [own] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        // Ended between two statements (a restart, a stopped standby, an operator's kill): the
        // server's FATAL arrives while nothing is waiting on this connection.
        await db.query('select pg_terminate_backend($1, 5000)', [own?.pid]);
        await db.query('select 1');
        await tx.query('select 1');
      });
      await expect(held).rejects.toThrow();
      const [row] = await db.query<{ one: number }>('select 1 as one');
      expect(row?.one).toBe(1);
    });
  },
);
