// The product server for the benchmark, plus one baseline route doing a single insert.
// On PGlite the embedded database's maintenance job runs on its interval, as in production.
// BENCH_REQUEST_LOG=off builds it without the /v1 request log (to measure what the log costs).
// Started by run.ts as a separate process, so load generator and server do not share a loop.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import {
  EMBEDDED_MAINTENANCE_JOB,
  embeddedMaintenanceJob,
} from '../../apps/api/src/db/embedded-maintenance.ts';
import {
  dropMonthPartitionsBefore,
  monthPartitions,
} from '../../apps/api/src/db/month-partitions.ts';
import { openDatabase } from '../../apps/api/src/db/open.ts';
import { listenOnSharedPort } from '../../apps/api/src/listen.ts';
import { REQUEST_LOG_PARTITIONS } from '../../apps/api/src/modules/request-log/request-log.queries.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config);
await db.exec(
  'create table if not exists bench_baseline (id uuid primary key, created_at timestamptz not null)',
);
const { app, ctx } = await buildApp({
  config,
  db,
  runBackgroundJobs: false,
  logRequests: process.env.BENCH_REQUEST_LOG !== 'off',
});
// Background jobs are off (they would add work of their own to the figures), but the embedded
// database's maintenance is part of how PGlite runs in production: without it, no statistics.
if (db.kind === 'pglite') {
  const { everyMs } = embeddedMaintenanceJob(db);
  setInterval(() => void ctx.jobs.tick(EMBEDDED_MAINTENANCE_JOB), everyMs).unref();
}
app.post('/bench/baseline', async () => {
  await db.query('insert into bench_baseline (id, created_at) values ($1, $2)', [
    randomUUID(),
    new Date(),
  ]);
  return { ok: true };
});
// bench:scale drops the request log's oldest month while calls go on, as the retention job does.
app.post('/bench/request-log/drop-oldest-month', async () => {
  const [oldest] = await monthPartitions(db, REQUEST_LOG_PARTITIONS);
  if (!oldest) return { dropped: [], ms: 0 };
  const end = new Date(Date.UTC(oldest.start.getUTCFullYear(), oldest.start.getUTCMonth() + 1, 1));
  const started = performance.now();
  const dropped = await dropMonthPartitionsBefore(db, REQUEST_LOG_PARTITIONS, end);
  return { dropped, ms: performance.now() - started };
});
// As the product's server listens (apps/api/src/server.ts, listen.ts).
await listenOnSharedPort(app, { port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
