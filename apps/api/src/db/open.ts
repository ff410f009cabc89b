import path from 'node:path';
import type { Config } from '../config.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

/**
 * Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR, which this
 * process then holds alone (DataFolderBusyError while another one does); migrates unless told
 * not to (`npm run migrate -- --check` only looks).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { migrate?: boolean } = {},
) {
  const migrated = async (db: Database) => {
    if (options.migrate !== false) await migrate(db);
    return db;
  };
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return migrated(await openPostgres(config.databaseUrl));
  }
  const lock = lockDataFolder(config.dataDir);
  try {
    // Loaded after the lock: a process refused the folder stops before loading the database.
    const { openPglite } = await import('./pglite.ts');
    const db = await openPglite(path.join(config.dataDir, 'pglite'));
    return await migrated({
      ...db,
      close: async () => {
        await db.close();
        lock.release();
      },
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}
