import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Database } from './database.ts';
import { openPool } from './postgres.ts';

/**
 * Embedded PGlite through the same node-postgres path as PostgreSQL (one connection). `contents`
 * starts it from a copy made by dumpDataDir (tests start every database from one migrated copy).
 */
export async function openPglite(dataDir: string | undefined, contents?: Blob): Promise<Database> {
  const pglite = await PGlite.create({ dataDir, ...(contents && { loadDataDir: contents }) });
  // In-process notifications: delivered when the notifying statement commits, never lost.
  const listen: Database['listen'] = async (channel, handlers) => {
    const unlisten = await pglite.listen(channel, handlers.onMessage);
    handlers.onListening();
    return { close: () => unlisten() };
  };
  const db = await openPool('pglite', { ...createPgConfig(pglite), max: 1 }, listen, () =>
    pglite.close(),
  );
  // Taken holding the one connection (in a transaction of its own that writes nothing), so no
  // other transaction is under way: every committed one is in the copy, none half.
  return { ...db, dumpDataDir: () => db.transaction(() => pglite.dumpDataDir('gzip')) };
}
