// `npm run bench:tokens`: requests per second and p50 / p99 latency of generate and verify
// through the full /v1 pipeline, against a baseline route of the same server doing one insert,
// on PGlite and (when reachable) PostgreSQL. Prints the figures, the ratios to the baseline and
// the CPU each request cost the server, the database and the load generator (this process).
// generate is also measured on a server built without the request log, in the same run.
// BENCH_JSON=<file> also writes the figures as JSON; see bench/README.md for every setting.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Figures, RouteMeter } from '../route-meter.ts';
import {
  BENCH_SECRETS,
  createBenchKey,
  createThrowawayDatabase,
  generateBody,
  loadAverage,
  makeCodes,
  setUpIntegrator,
  setUpOrganization,
  startBenchServer,
} from '../support.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const JSON_FILE = process.env.BENCH_JSON;

const startServer = (env: Record<string, string>) =>
  startBenchServer(env, CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []);

/**
 * Each route is measured in ROUNDS slices, interleaved (baseline, generate, verify, baseline,
 * ...), so that load from other processes on a shared machine weighs on every route alike.
 * generate without the request log runs on a second server (idle while the others are measured).
 */
async function benchOne(
  label: string,
  env: Record<string, string>,
  databaseBackends: () => Promise<number[]> = async () => [],
) {
  const loadBefore = loadAverage();
  const server = await startServer(env);
  // Its own data folder: one process at a time opens an embedded database.
  const withoutLogDataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-bench-'));
  const withoutLogServer = await startServer({
    ...env,
    DATA_DIR: withoutLogDataDir,
    BENCH_REQUEST_LOG: 'off',
  }).catch(async (error) => {
    await server.stop();
    throw error;
  });
  const processes = { server: server.pid, databaseBackends };
  try {
    const generateOn = async (baseUrl: string) => ({
      url: `${baseUrl}/v1/tokens/generate`,
      method: 'POST' as const,
      headers: await setUpIntegrator(baseUrl),
      body: generateBody,
    });
    const generateOptions = await generateOn(server.baseUrl);
    // The codes and the verifies each have a key of their own: one key for everything would pass
    // its limit of 100,000 calls a minute (the most a key may have) once the server answers
    // 3,000 calls a second, and the calls past it would be answered 429, fast.
    const integrator = await setUpOrganization(server.baseUrl);
    const codesHeaders = (await createBenchKey(server.baseUrl, integrator)).headers;
    const verifyHeaders = (await createBenchKey(server.baseUrl, integrator)).headers;
    const withoutLogOptions = await generateOn(withoutLogServer.baseUrl);
    const withoutLogProcesses = { server: withoutLogServer.pid, databaseBackends };
    // Warm up the caches, the JIT and the connection pools.
    await new RouteMeter(CONNECTIONS).run(processes, { ...generateOptions, duration: 2 });
    await new RouteMeter(CONNECTIONS).run(withoutLogProcesses, {
      ...withoutLogOptions,
      duration: 2,
    });
    const baseline = new RouteMeter(CONNECTIONS);
    const generate = new RouteMeter(CONNECTIONS);
    const withoutLog = new RouteMeter(CONNECTIONS);
    const verify = new RouteMeter(CONNECTIONS);
    const sliceSeconds = DURATION_S / ROUNDS;
    let verifyCodes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await baseline.run(processes, {
        url: `${server.baseUrl}/bench/baseline`,
        method: 'POST',
        duration: sliceSeconds,
      });
      await generate.run(processes, { ...generateOptions, duration: sliceSeconds });
      await withoutLog.run(withoutLogProcesses, { ...withoutLogOptions, duration: sliceSeconds });
      // Each code verifies once, so a verify slice is a number of codes, made just before it:
      // as many as the route answered in a slice's time so far (the first: generate's rate), so
      // that it lasts about as long as the other slices and pauses weigh on it alike.
      const rate = verify.requests > 0 ? verify.figures().rps : generate.figures().rps;
      const codes = await makeCodes(
        server.baseUrl,
        codesHeaders,
        Math.ceil((rate * sliceSeconds) / 50) * 50,
      );
      verifyCodes += codes.length;
      let next = 0;
      await verify.run(processes, {
        url: `${server.baseUrl}/v1/tokens/verify`,
        method: 'POST',
        headers: verifyHeaders,
        amount: codes.length,
        requests: [
          { setupRequest: (req) => ({ ...req, body: JSON.stringify({ token: codes[next++] }) }) },
        ],
      });
    }
    return {
      label,
      verifyCodes,
      load: `${loadBefore} before, ${loadAverage()} after`,
      baseline: baseline.figures(),
      generate: generate.figures(),
      withoutLog: withoutLog.figures(),
      verify: verify.figures(),
    };
  } finally {
    await server.stop();
    await withoutLogServer.stop();
    rmSync(withoutLogDataDir, { recursive: true, force: true });
  }
}

const secrets = BENCH_SECRETS;
const results: Awaited<ReturnType<typeof benchOne>>[] = [];
if (DATABASES.includes('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-bench-'));
  try {
    results.push(await benchOne('PGlite', { ...secrets, DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const postgres = DATABASES.includes('postgresql')
  ? await createThrowawayDatabase('tanqin_bench')
  : undefined;
if (postgres) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-bench-'));
  try {
    results.push(
      await benchOne(
        'PostgreSQL',
        { ...secrets, DATA_DIR: dataDir, DATABASE_URL: postgres.url },
        postgres.backends,
      ),
    );
  } finally {
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else if (DATABASES.includes('postgresql')) {
  console.log('PostgreSQL not reachable: skipped');
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s per route in ${ROUNDS} interleaved slices (verify: distinct codes, made before each slice: ${results.map((r) => `${r.verifyCodes} on ${r.label}`).join(', ')})\n`,
);
console.log(
  '| database | route | req/s | p50 ms | p99 ms | errors | ratio to baseline | p99 / baseline p99 | CPU ms per 1,000 req: server / database / load | first answer on a new connection: p99 ms | all answers: p99 ms / ratio to baseline p99 |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.label} | load average (1, 5, 15 min): ${r.load} | | | | | | | | | |`);
  for (const [route, f] of [
    ['baseline insert', r.baseline],
    ['generate, request log off', r.withoutLog],
    ['generate', r.generate],
    ['verify', r.verify],
  ] as const) {
    console.log(
      `| ${r.label} | ${route} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / r.baseline.rps).toFixed(2)} | ${(f.p99 / r.baseline.p99).toFixed(2)} | ${f.cpu.server} / ${f.cpu.database} / ${f.cpu.load} | ${f.firstAnswerP99} | ${f.allAnswersP99} / ${(f.allAnswersP99 / r.baseline.allAnswersP99).toFixed(2)}x |`,
    );
  }
}

if (JSON_FILE) {
  const figures = ({ rps, p50, p99, allAnswersP99 }: Figures) => ({
    rps: Math.round(rps),
    p50,
    p99,
    p99_all_answers: allAnswersP99,
  });
  const json = Object.fromEntries(
    results.map((r) => [
      r.label.toLowerCase(),
      { baseline: figures(r.baseline), generate: figures(r.generate), verify: figures(r.verify) },
    ]),
  );
  writeFileSync(JSON_FILE, `${JSON.stringify(json, null, 2)}\n`);
}
