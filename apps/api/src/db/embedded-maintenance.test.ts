import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { maintainEmbeddedDatabase } from './embedded-maintenance.ts';
import { openPglite } from './pglite.ts';

describe('embedded database maintenance (PGlite has no autovacuum)', () => {
  let db: Database;
  // Statistics reach pg_stat_user_tables at the end of a transaction, at most once a second.
  const flushStatistics = async () => {
    await db.query('select pg_stat_force_next_flush()');
    await db.query('select 1');
  };
  const tableStats = async () => {
    await flushStatistics();
    const [row] = await db.query<{
      reltuples: number;
      n_dead_tup: number;
      analyzed: boolean;
    }>(
      `select c.reltuples, s.n_dead_tup, s.last_analyze is not null as analyzed
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'entries'`,
    );
    return row!;
  };
  const maintain = async () => {
    await flushStatistics();
    return maintainEmbeddedDatabase(db);
  };

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec('create table entries (id int primary key, value int not null)');
  });
  afterAll(() => db.close());

  it('gives a filled table its planner statistics, then leaves it until it changes', async () => {
    await db.query('insert into entries select n, n from generate_series(1, 2000) as n');
    expect(await maintain()).toBe('entries');
    expect(await tableStats()).toMatchObject({ reltuples: 2000, analyzed: true });
    expect(await maintain()).toBeUndefined();
  });

  it('analyses at statistics target 10, leaving the setting of the connection as it was', async () => {
    const [id] = await db.query<{ buckets: number }>(
      `select array_length(histogram_bounds::text::int[], 1) as buckets
         from pg_stats where tablename = 'entries' and attname = 'id'`,
    );
    expect(id!.buckets).toBe(11);
    const [setting] = await db.query<{ default_statistics_target: string }>(
      'show default_statistics_target',
    );
    expect(setting!.default_statistics_target).toBe('100');
  });

  it('vacuums a table once a fifth of its rows are dead', async () => {
    await db.query('update entries set value = value + 1 where id <= 1000');
    expect((await tableStats()).n_dead_tup).toBeGreaterThanOrEqual(1000);
    expect(await maintain()).toBe('entries');
    expect((await tableStats()).n_dead_tup).toBe(0);
  });

  it('leaves an idle database alone after one pass over a small table updated over and over', async () => {
    // Like audit_chain_heads: a few rows, each updated again and again (HOT updates).
    await db.exec('create table heads (id int primary key, seq bigint not null, hash text)');
    await db.query('insert into heads select n, 0 from generate_series(1, 64) as n');
    const update = 'update heads set seq = seq + 1, hash = md5(seq::text) where id % 8 = $1';
    for (let i = 0; i < 300; i++) await db.query(update, [i % 8]);
    expect(await maintain()).toBe('heads');
    for (let run = 0; run < 3; run++) expect(await maintain()).toBeUndefined();
  });
});
