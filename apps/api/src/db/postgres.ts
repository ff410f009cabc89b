import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Database, isRefusedStatement, type Queryable } from './database.ts';
import { listenOnPostgres } from './pg-listener.ts';

const INT8_OID = 20;

const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `tq_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 1000) statementNames.set(sql, name);
  }
  return name;
}

/** The database handle over a node-postgres pool: a PostgreSQL server, or PGlite's adapter. */
export async function openPool(
  kind: Database['kind'],
  poolConfig: pg.PoolConfig,
  listen: Database['listen'],
  onClose: () => Promise<void> = async () => {},
): Promise<Database> {
  const pool = new pg.Pool(poolConfig);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A checked-out client whose server ends the session between two queries (a restart, a
    // standby stopped) emits 'error' with no listener of the pool's: that would end the process.
    // The next query on it fails instead, and release() drops it.
    client.on('error', () => {});
  });
  pg.types.setTypeParser(INT8_OID, (value) => Number(value));
  const asQueryable = (target: pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      // Named statements are parsed and planned once per connection; our SQL texts are fixed.
      const result = await target.query({ name: statementName(sql), text: sql, values: params });
      return result.rows as T[];
    },
  });
  await pool.query('select 1');
  return {
    kind,
    async query<T>(sql: string, params: unknown[] = []) {
      const client = await pool.connect();
      let failure: unknown;
      try {
        return await asQueryable(client).query<T>(sql, params);
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // pg-pool's own query() drops the connection after any error; after a refused statement
        // it is still good, and on PGlite dropping the one connection breaks the next queries.
        client.release(failure && !isRefusedStatement(failure) ? (failure as Error) : undefined);
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(asQueryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen,
    poolStats: () => ({
      max: pool.options.max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await pool.end();
      await onClose();
    },
  };
}

export const openPostgres = (connectionString: string) =>
  openPool('postgres', { connectionString, max: 10 }, listenOnPostgres({ connectionString }));
