import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from './database.ts';
import { GroupCommit } from './group-commit.ts';
import { openPglite } from './pglite.ts';

describe('group commit', () => {
  let db: Database;
  const batchSizes: number[] = [];
  /** Inserts each value as a row; the table refuses negative values. */
  const write = async (tx: Queryable, values: number[]) => {
    batchSizes.push(values.length);
    const rows = await tx.query<{ id: number }>(
      `insert into entries (value) select v from unnest($1::int[]) as v returning id`,
      [values],
    );
    return rows.map((row) => row.id);
  };

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec(
      'create table entries (id serial primary key, value int not null check (value >= 0))',
    );
  });
  afterAll(() => db.close());

  it('writes concurrent operations together and answers each once its row is committed', async () => {
    const batcher = new GroupCommit(db, write, { maxInFlight: 1, maxBatch: 100 });
    batchSizes.length = 0;
    const values = Array.from({ length: 30 }, (_, i) => i);
    const ids = await Promise.all(
      values.map(async (value) => {
        const id = await batcher.submit(value);
        const [row] = await db.query<{ value: number }>('select value from entries where id = $1', [
          id,
        ]);
        return { id, stored: row?.value, value };
      }),
    );
    for (const { stored, value } of ids) expect(stored).toBe(value);
    expect(batchSizes.length).toBeLessThan(values.length);
  });

  it('fails only the operation the database refuses; its neighbours are written', async () => {
    const batcher = new GroupCommit(db, write, { maxInFlight: 1, maxBatch: 100 });
    const results = await Promise.allSettled([1, 2, -1, 3].map((value) => batcher.submit(value)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason.code).toBe('23514');
    const [count] = await db.query<{ n: number }>(
      'select count(*)::int as n from entries where value in (1, 2, 3)',
    );
    // 1, 2 and 3 once each from this test (plus the first test's 1, 2 and 3).
    expect(count!.n).toBe(6);
  });
});
