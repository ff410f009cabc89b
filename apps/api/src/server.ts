import type { BuildAppOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { DataFolderBusyError } from './db/data-folder-lock.ts';
import { openDatabase } from './db/open.ts';
import { listenOnSharedPort } from './listen.ts';

/**
 * The product's server process: configuration from the environment, the database (the embedded
 * data folder taken for this process alone), the app on PORT, a clean stop on SIGINT/SIGTERM.
 * `outside` swaps parts of the outside world (tests deliver webhooks to a local receiver).
 */
export async function runServer(outside: Pick<BuildAppOptions, 'webhookNetwork'> = {}) {
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
  const { app } = await buildApp({ config, db, ...outside });

  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await listenOnSharedPort(app, { port: config.port, host: config.host });
  app.log.info(`Tanqin is running at http://localhost:${config.port} (database: ${db.kind})`);
}
