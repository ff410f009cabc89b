import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR; migrates. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  const db: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  await migrate(db);
  return db;
}
