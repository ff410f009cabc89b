// The product server for the benchmark, plus one baseline route doing a single insert.
// BENCH_REQUEST_LOG=off builds it without the /v1 request log (to measure what the log costs).
// Started by run.ts as a separate process, so load generator and server do not share a loop.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/open.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config);
await db.exec(
  'create table if not exists bench_baseline (id uuid primary key, created_at timestamptz not null)',
);
const { app } = await buildApp({
  config,
  db,
  runBackgroundJobs: false,
  logRequests: process.env.BENCH_REQUEST_LOG !== 'off',
});
app.post('/bench/baseline', async () => {
  await db.query('insert into bench_baseline (id, created_at) values ($1, $2)', [
    randomUUID(),
    new Date(),
  ]);
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
