import type { BuildAppOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { DataFolderBusyError } from './db/data-folder-lock.ts';
import { openDatabase } from './db/open.ts';
import { listenOnSharedPort } from './listen.ts';
import { STOP_BOUND_MS, trackConnections } from './server-stop.ts';

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
  const { app, ctx, lifecycle } = await buildApp({ config, db, ...outside });
  const connections = trackConnections(app.server, lifecycle);

  /**
   * The stop: not ready from now (the proxy's readiness check sends no more), no new connection
   * taken, each request in flight answered (its batch written) on a connection it then closes,
   * idle connections left to their clients for a moment; then the rest is closed, the background
   * jobs finish, buffered writes are flushed and the process exits, within STOP_BOUND_MS.
   */
  let stopAccepting = () => {};
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    const startedAt = Date.now();
    setTimeout(() => {
      app.log.error(`stop (${signal}) not finished in ${STOP_BOUND_MS} ms: exiting`);
      process.exit(1);
    }, STOP_BOUND_MS).unref();
    lifecycle.isDraining = true;
    app.log.info(`${signal}: stopping, ${connections.open} connections open`);
    const jobsStopped = ctx.jobs.stop();
    stopAccepting();
    const closed = await connections.drain(startedAt);
    await jobsStopped;
    await app.close();
    await db.close();
    app.log.info(`stopped in ${Date.now() - startedAt} ms (${closed} idle connections closed)`);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  stopAccepting = await listenOnSharedPort(app, { port: config.port, host: config.host });
  app.log.info(`Tanqin is running at http://localhost:${config.port} (database: ${db.kind})`);
}
