import { hostname } from 'node:os';
import pino from 'pino';
import type { BuildAppOptions } from './app.ts';
import { type Config, ConfigError, EX_CONFIG, loadConfig } from './config.ts';
import { DataFolderBusyError } from './db/data-folder-lock.ts';
import { openDatabase } from './db/open.ts';
import { DatabaseUnavailableError, waitForDatabase } from './db/wait-for-database.ts';
import { listenOnSharedPort } from './listen.ts';
import { STOP_BOUND_MS, trackConnections } from './server-stop.ts';
import { VERSION } from './version.ts';

/**
 * Why the process does not start: one JSON line (pino's form, `fatal`) on stderr whatever
 * LOG_LEVEL says, no stack trace; then the exit status.
 */
function stopAtStart(status: number, message: string, fields: object = {}): never {
  const line = {
    level: 60,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    version: VERSION,
    ...fields,
    msg: message,
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  process.exit(status);
}

/** The configuration, or every problem in one line and exit 78 (EX_CONFIG). */
function loadServerConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    stopAtStart(EX_CONFIG, `Tanqin ${VERSION} does not start. ${error.oneLine}`, {
      problems: error.problems,
    });
  }
}

/** Where mail and text messages go when production sends them to the local outbox on purpose. */
function outboxWarning(config: Config): string {
  const what = config.messagesToOutbox
    .map((route) => (route === 'mail' ? 'mail (no SMTP_URL)' : 'text messages (no SMS_PROVIDER)'))
    .join(' and ');
  return (
    `MESSAGES_TO_OUTBOX=true: ${what} go to ${config.dataDir}/outbox.jsonl, not to people ` +
    '(password-reset links included)'
  );
}

/**
 * The product's server process: configuration from the environment, the database (the embedded
 * data folder taken for this process alone), the app on PORT, a clean stop on SIGINT/SIGTERM.
 * `outside` swaps parts of the outside world (tests deliver webhooks to a local receiver).
 */
export async function runServer(outside: Pick<BuildAppOptions, 'webhookNetwork'> = {}) {
  const startup = startupPhases();
  const config = loadServerConfig();
  startup.mark('config');
  // Before the app's own logger: the first line names the version, and so does every line of
  // the start (whatever LOG_LEVEL lets through first).
  const log = pino({
    level: config.logLevel,
    base: { pid: process.pid, hostname: hostname(), version: VERSION },
  });
  log.info(
    { node: process.version },
    `Tanqin ${VERSION} starting (Node ${process.version}${config.isProduction ? ', production' : ''})`,
  );
  if (config.isProduction && config.messagesToOutbox.length > 0) log.warn(outboxWarning(config));
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    if (config.databaseUrl) await waitForDatabase(config.databaseUrl, config.databaseConnect, log);
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataFolderBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    // One line, no stack: what failed is in the message (migrations name their file).
    if (error instanceof DatabaseUnavailableError) {
      stopAtStart(error.exitCode, error.message, { database: error.address });
    }
    const { message, code } = error as { message?: string; code?: string };
    stopAtStart(1, `the database could not be opened: ${message ?? String(error)}`, { code });
  }
  startup.mark('database');
  // Loaded once the data folder is ours: a second process on a busy folder stops at once.
  const { buildApp } = await import('./app.ts');
  startup.mark('app_import');
  const { app, ctx, lifecycle } = await buildApp({ config, db, ...outside });
  startup.mark('app_build');
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
  startup.mark('listen');
  app.log.info(
    { version: VERSION, startup_ms: startup.phases, startup_cpu_ms: startup.cpu },
    `Tanqin ${VERSION} is running at http://localhost:${config.port} (database: ${db.kind}), ` +
      `${startup.phases.total} ms after the process started`,
  );
}

/**
 * Where a start's time goes, in milliseconds: `boot` (Node, the TypeScript loader and the modules
 * main.ts imports, from the process's start), `config`, `database` (connection and migrations),
 * `app_import` (the app's modules), `app_build` (its plugins and routes), `listen`, and `total`;
 * `cpu` is the same split of the CPU time used (on a busy machine, what a quiet one would take).
 * bench/start prints them (docs/capacity.md).
 */
function startupPhases() {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let last = performance.now();
  let lastCpu = cpuMs();
  const phases: Record<string, number> = { boot: Math.round(last) };
  const cpu: Record<string, number> = { boot: Math.round(lastCpu) };
  return {
    phases,
    cpu,
    mark(name: string) {
      const now = performance.now();
      const nowCpu = cpuMs();
      phases[name] = Math.round(now - last);
      phases.total = Math.round(now);
      cpu[name] = Math.round(nowCpu - lastCpu);
      cpu.total = Math.round(nowCpu);
      last = now;
      lastCpu = nowCpu;
    },
  };
}
