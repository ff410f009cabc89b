// `npm run migrate`: applies the pending migrations and nothing else, before new server processes
// are rolled out (docs/operations/upgrades.md). `npm run migrate -- --check` applies nothing: it
// lists the pending ones and exits 1 when there are some, 0 when the database is up to date.
// Same environment as the server (DATABASE_URL, or DATA_DIR for the embedded database, which a
// running server holds: it migrated itself when it started).

import { loadConfigOrExit } from '../config.ts';
import { DataFolderBusyError } from '../db/data-folder-lock.ts';
import { migrate, pendingMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
if (args.some((arg) => arg !== '--check')) {
  console.error('usage: migrate [--check]');
  process.exit(2);
}

const config = loadConfigOrExit();
let db: Awaited<ReturnType<typeof openDatabase>>;
try {
  db = await openDatabase(config, { migrate: false });
} catch (error) {
  if (!(error instanceof DataFolderBusyError)) throw error;
  console.error(
    `A Tanqin server (process ${error.holder.pid}) holds ${config.dataDir}; it applied every ` +
      'migration it knows when it started. To apply new ones, stop it and start the new version.',
  );
  process.exit(2);
}
try {
  if (checkOnly) {
    const pending = await pendingMigrations(db);
    for (const file of pending) console.log(`pending: ${file}`);
    if (pending.length === 0) console.log('up to date');
    process.exitCode = pending.length > 0 ? 1 : 0;
  } else {
    const applied = await migrate(db);
    for (const file of applied) console.log(`applied: ${file}`);
    if (applied.length === 0) console.log('up to date: nothing to apply');
  }
} finally {
  await db.close();
}
