// Database CPU per group-commit batch of generates and of verifies, written through the product's
// own batcher (write-batcher.ts) without HTTP, two batches in flight as under load. The batch
// statement is first planned while `tokens` is young (a fresh database, a few small batches),
// then the table is filled; BATCH_ANALYZE=1 analyses it before measuring (which makes every
// connection plan again), as autovacuum would. Shows what a plan made on a young table costs.
// BATCH_DB (postgresql | pglite), BATCH_N (ops per batch, 16), BATCH_FILL (codes, 24000),
// BATCH_COUNT (batches measured per kind, 300). On PostgreSQL the CPU is that of the database's
// backends; on PGlite that of this process (the database runs in it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/api/src/db/open.ts';
import { auditShard } from '../../apps/api/src/modules/audit/audit.service.ts';
import { writeNewToken, writeVerify } from '../../apps/api/src/modules/tokens/write-batcher.ts';
import { cpuMs, cpuSince } from '../route-meter.ts';
import {
  BENCH_SECRETS,
  createThrowawayDatabase,
  loadAverage,
  setUpIntegrator,
  startBenchServer,
} from '../support.ts';

const KIND = process.env.BATCH_DB ?? 'postgresql';
const N = Number(process.env.BATCH_N ?? 16);
const FILL = Number(process.env.BATCH_FILL ?? 24000);
const COUNT = Number(process.env.BATCH_COUNT ?? 300);
const ANALYZE = process.env.BATCH_ANALYZE === '1';

const postgres = KIND === 'postgresql' ? await createThrowawayDatabase('tanqin_batch') : undefined;
if (KIND === 'postgresql' && !postgres) throw new Error('PostgreSQL not reachable');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-batch-'));
// The product signs up the organisation and its key (chain heads, roll-ups), then stops.
const server = await startBenchServer({
  ...BENCH_SECRETS,
  DATA_DIR: dataDir,
  DATABASE_URL: postgres?.url ?? '',
});
await setUpIntegrator(server.baseUrl);
await server.stop();
const db = await openDatabase({ databaseUrl: postgres?.url ?? '', dataDir });

const databaseCpu = async () => {
  if (!postgres) {
    const before = process.cpuUsage();
    return async () => {
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
  }
  const before = cpuMs(await postgres.backends());
  return async () => cpuSince(before, await postgres.backends());
};

try {
  const [key] = await db.query<{ id: string; organization_id: string }>(
    'select id, organization_id from api_keys limit 1',
  );
  const org = key!.organization_id;
  const by = { organizationId: org, actor: `api_key:${key!.id}` };
  const bill = (isVerification: boolean) => ({
    isBilled: true,
    organizationId: org,
    apiKeyId: key!.id,
    endpoint: isVerification ? '/v1/tokens/verify' : '/v1/tokens/generate',
    statusCode: isVerification ? 200 : 201,
    costMillis: 5,
    at: new Date(),
    clientIp: '127.0.0.1',
    isVerification,
  });
  const newToken = (codeHash: string) => {
    const id = `tok_${randomBytes(12).toString('base64url')}`;
    const now = new Date();
    return {
      id,
      organizationId: org,
      audienceOrganizationId: org,
      apiKeyId: key!.id,
      codeHash,
      // The size of a sealed bench payload.
      ciphertext: randomBytes(125).toString('base64'),
      dataFields: ['full_name', 'national_id', 'birth_date'],
      dataScope: ['identity'],
      auditShard: auditShard(id),
      subjectHash: null,
      subjectRef: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      isTest: false,
      codeTail: 'ABCD',
    };
  };
  const unused: string[] = [];
  const generateBatch = async (n: number) => {
    const hashes = Array.from({ length: n }, () => randomBytes(32).toString('hex'));
    await Promise.all(hashes.map((hash) => writeNewToken(db, newToken(hash), by, bill(false))));
    unused.push(...hashes);
  };
  const verifyBatch = async (n: number) => {
    const outcomes = await Promise.all(
      unused.splice(0, n).map((hash) => writeVerify(db, hash, by, new Date(), bill(true), false)),
    );
    if (outcomes.some((outcome) => !outcome.found || !outcome.consumed)) {
      throw new Error('a verify consumed nothing');
    }
  };
  // Two batches in flight, each on its own connection.
  const twoBatches = async (write: (n: number) => Promise<void>, n: number) => {
    const first = write(n);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, write(n)]);
  };
  // Planned young: the first executions of the statement on each connection.
  for (let i = 0; i < 10; i++) await twoBatches(generateBatch, 2);
  for (let i = 0; i < 5; i++) await twoBatches(verifyBatch, 2);
  while (unused.length < FILL) await twoBatches(generateBatch, 250);
  if (ANALYZE) await db.exec('analyze tokens');
  const measure = async (label: string, write: (n: number) => Promise<void>) => {
    const used = await databaseCpu();
    const started = performance.now();
    for (let i = 0; i < COUNT; i += 2) await twoBatches(write, N);
    const wallMs = (performance.now() - started) / COUNT;
    const cpuMsPerBatch = (await used()) / COUNT;
    console.log(
      `${label} batches of ${N}: database CPU ${Math.round((cpuMsPerBatch / N) * 1000)} us per call, ${cpuMsPerBatch.toFixed(2)} ms per batch; ${wallMs.toFixed(2)} ms wall per batch`,
    );
  };
  // The codes verified are the oldest first, as in bench:tokens.
  await measure('generate', generateBatch);
  await measure('verify', verifyBatch);
  console.log(
    `${KIND}, ${FILL} codes, ${ANALYZE ? 'analysed' : 'never analysed'}; load average ${loadAverage()}`,
  );
} finally {
  await db.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
