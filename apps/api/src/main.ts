import { loadConfig } from './config.ts';
import { DataFolderBusyError } from './db/data-folder-lock.ts';
import { openDatabase } from './db/open.ts';

const config = loadConfig();
let db: Awaited<ReturnType<typeof openDatabase>>;
try {
  db = await openDatabase(config);
} catch (error) {
  if (!(error instanceof DataFolderBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Loaded once the data folder is ours: a second process on a busy folder stops at once.
const { buildApp } = await import('./app.ts');
const { app } = await buildApp({ config, db });

const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Tanqin is running at http://localhost:${config.port} (database: ${db.kind})`);
