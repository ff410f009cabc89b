import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

const INT8_OID = 20;

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // int8 as number on both drivers (counts and amounts stay far below 2^53).
  const pg = await PGlite.create(dataDir, { parsers: { [INT8_OID]: (value) => Number(value) } });
  const asQueryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
