// `npm run bench:tokens`: requests per second and p50 / p99 latency of generate and verify
// through the full /v1 pipeline, against a baseline route of the same server doing one insert,
// on PGlite and (when reachable) PostgreSQL. Prints the figures, the ratios to the baseline and
// the CPU each request cost the server, the database and the load generator (this process).
// generate is also measured on a server built without the request log, in the same run.
// BENCH_JSON=<file> also writes the figures as JSON; see bench/README.md for every setting.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { setUpIntegrator, startBenchServer } from '../support.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const VERIFY_CODES = Number(process.env.BENCH_VERIFY_CODES ?? 6000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const JSON_FILE = process.env.BENCH_JSON;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per 1,000 requests: server process, database backends, load generator. */
  cpu: { server: number; database: number; load: number };
}

const CLOCK_TICK_MS = 10;
/** User + system CPU of each process, in ms, from /proc (a process that ended is left out). */
function cpuMs(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    } catch {
      // The process ended: its CPU can no longer be read.
    }
  }
  return used;
}

/** CPU used since `before` by the processes alive now (those started since count in full). */
function cpuSince(before: Map<number, number>, pids: number[]): number {
  let total = 0;
  for (const [pid, ms] of cpuMs(pids)) total += ms - (before.get(pid) ?? 0);
  return total;
}

const loadGeneratorMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const startServer = (env: Record<string, string>) =>
  startBenchServer(env, CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []);

/** The processes whose CPU a route is charged: the server and, on PostgreSQL, its backends. */
interface Processes {
  server: number;
  databaseBackends: () => Promise<number[]>;
}

/** One route's measurements, added up over its slices. */
class RouteMeter {
  latencies: number[] = [];
  requests = 0;
  seconds = 0;
  errors = 0;
  cpu = { server: 0, database: 0, load: 0 };

  /** Runs one slice of load on the route. */
  async run(processes: Processes, options: autocannon.Options) {
    const before = {
      server: cpuMs([processes.server]),
      database: cpuMs(await processes.databaseBackends()),
      load: loadGeneratorMs(),
    };
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) =>
        this.latencies.push(responseTime),
      );
    });
    if (result.non2xx > 0) console.log(`${options.url}: non-2xx answers`, result.statusCodeStats);
    this.requests += result.requests.total;
    this.seconds += result.duration;
    this.errors += result.errors + result.non2xx;
    this.cpu.server += cpuSince(before.server, [processes.server]);
    this.cpu.database += cpuSince(before.database, await processes.databaseBackends());
    this.cpu.load += loadGeneratorMs() - before.load;
  }

  figures(): Figures {
    const sorted = this.latencies.sort((a, b) => a - b);
    const percentile = (p: number) => Math.round(sorted[Math.floor((sorted.length - 1) * p)] ?? 0);
    const perThousand = (ms: number) => Math.round((ms / this.requests) * 1000);
    return {
      rps: this.requests / this.seconds,
      p50: percentile(0.5),
      p99: percentile(0.99),
      errors: this.errors,
      cpu: {
        server: perThousand(this.cpu.server),
        database: perThousand(this.cpu.database),
        load: perThousand(this.cpu.load),
      },
    };
  }
}

const generateBody = JSON.stringify({
  data: { full_name: 'محمد أحمد', national_id: '1012345678', birth_date: '1990-04-12' },
  data_scope: ['identity'],
  expires_in: 3600,
});

async function makeCodes(baseUrl: string, headers: Record<string, string>, count: number) {
  const codes: string[] = [];
  for (let i = 0; i < count; i += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, () =>
        fetch(`${baseUrl}/v1/tokens/generate`, {
          method: 'POST',
          headers,
          body: generateBody,
        }).then((r) => r.json() as Promise<{ token: string }>),
      ),
    );
    codes.push(...batch.map((b) => b.token));
  }
  return codes;
}

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
    const withoutLogOptions = await generateOn(withoutLogServer.baseUrl);
    const withoutLogProcesses = { server: withoutLogServer.pid, databaseBackends };
    // Warm up the caches, the JIT and the connection pools.
    await new RouteMeter().run(processes, { ...generateOptions, duration: 2 });
    await new RouteMeter().run(withoutLogProcesses, { ...withoutLogOptions, duration: 2 });
    const codes = await makeCodes(server.baseUrl, generateOptions.headers, VERIFY_CODES);
    const baseline = new RouteMeter();
    const generate = new RouteMeter();
    const withoutLog = new RouteMeter();
    const verify = new RouteMeter();
    const sliceSeconds = DURATION_S / ROUNDS;
    const codesPerRound = Math.floor(codes.length / ROUNDS);
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await baseline.run(processes, {
        url: `${server.baseUrl}/bench/baseline`,
        method: 'POST',
        duration: sliceSeconds,
      });
      await generate.run(processes, { ...generateOptions, duration: sliceSeconds });
      await withoutLog.run(withoutLogProcesses, { ...withoutLogOptions, duration: sliceSeconds });
      await verify.run(processes, {
        url: `${server.baseUrl}/v1/tokens/verify`,
        method: 'POST',
        headers: generateOptions.headers,
        amount: codesPerRound,
        requests: [
          { setupRequest: (req) => ({ ...req, body: JSON.stringify({ token: codes[next++] }) }) },
        ],
      });
    }
    return {
      label,
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

async function postgresUrl(): Promise<
  { url: string; backends: () => Promise<number[]>; drop: () => Promise<void> } | undefined
> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `tanqin_bench_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const backends = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query('select pid from pg_stat_activity where datname = $1', [name]);
    await c.end();
    return rows.map((row) => Number(row.pid));
  };
  return {
    url: url.toString(),
    backends,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const secrets = {
  JWT_SECRET: 'bench-jwt-secret-0123456789abcdef',
  TOKEN_PEPPER: 'bench-pepper-0123456789abcdef0123',
};
const results: Awaited<ReturnType<typeof benchOne>>[] = [];
if (DATABASES.includes('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-bench-'));
  try {
    results.push(await benchOne('PGlite', { ...secrets, DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const postgres = DATABASES.includes('postgresql') ? await postgresUrl() : undefined;
if (postgres) {
  try {
    results.push(
      await benchOne(
        'PostgreSQL',
        {
          ...secrets,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-bench-')),
          DATABASE_URL: postgres.url,
        },
        postgres.backends,
      ),
    );
  } finally {
    await postgres.drop();
  }
} else if (DATABASES.includes('postgresql')) {
  console.log('PostgreSQL not reachable: skipped');
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s per route in ${ROUNDS} interleaved slices (verify: ${VERIFY_CODES} distinct codes)\n`,
);
console.log(
  '| database | route | req/s | p50 ms | p99 ms | errors | ratio to baseline | p99 / baseline p99 | CPU ms per 1,000 req: server / database / load |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const [route, f] of [
    ['baseline insert', r.baseline],
    ['generate, request log off', r.withoutLog],
    ['generate', r.generate],
    ['verify', r.verify],
  ] as const) {
    console.log(
      `| ${r.label} | ${route} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / r.baseline.rps).toFixed(2)} | ${(f.p99 / r.baseline.p99).toFixed(2)} | ${f.cpu.server} / ${f.cpu.database} / ${f.cpu.load} |`,
    );
  }
}

if (JSON_FILE) {
  const figures = ({ rps, p50, p99 }: Figures) => ({ rps: Math.round(rps), p50, p99 });
  const json = Object.fromEntries(
    results.map((r) => [
      r.label.toLowerCase(),
      { baseline: figures(r.baseline), generate: figures(r.generate), verify: figures(r.verify) },
    ]),
  );
  writeFileSync(JSON_FILE, `${JSON.stringify(json, null, 2)}\n`);
}
