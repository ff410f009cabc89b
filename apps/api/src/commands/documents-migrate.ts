// `npm run documents:migrate`: moves the document files of this machine's DOCUMENTS_DIR (written
// by versions before issue 31.3, `<id>.bin`) into the database, where every process reads them,
// and deletes each file once its content is there (docs/operations/upgrades.md). Idempotent: a
// second run finds nothing to move. Run it on each machine that has a DOCUMENTS_DIR once every
// process runs this version (processes copy what the database lacks when they start, but on
// PostgreSQL leave the files to this command). Applies pending migrations first, like a server
// start. Same environment as the server. Prints what it did as JSON; exit code 0 when done, 2
// when a server holds the embedded data folder (it moved the files itself when it started), 1 on
// failure. Files it cannot account for are left in place and counted.

import { loadConfigOrExit } from '../config.ts';
import { DataFolderBusyError } from '../db/data-folder-lock.ts';
import { openDatabase } from '../db/open.ts';
import { moveDocumentFiles } from '../modules/documents/index.ts';
import { commandContext } from './command-context.ts';

if (process.argv.length > 2) {
  console.error('usage: documents:migrate');
  process.exit(2);
}

const config = loadConfigOrExit();
let db: Awaited<ReturnType<typeof openDatabase>>;
try {
  db = await openDatabase(config);
} catch (error) {
  if (!(error instanceof DataFolderBusyError)) throw error;
  console.error(
    `A Tanqin server (process ${error.holder.pid}) holds ${config.dataDir}: it moved the files ` +
      `of ${config.documentsDir} into its database when it started.`,
  );
  process.exit(2);
}
const ctx = commandContext(config, db);
const log = {
  info: () => {},
  warn: (details: object, message: string) => console.error(message, JSON.stringify(details)),
};
try {
  const report = await moveDocumentFiles(ctx, { removeFiles: true, log });
  console.log(JSON.stringify(report, null, 2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await ctx.invalidation.close();
  await db.close();
}
