// `npm run bench:overload`: 200 callers at once on generate, each sending its next call as soon
// as it has an answer (after a 503 once Retry-After has passed, as the SDK and any polite client
// do), against the server's own load limits (MAX_CONCURRENT_REQUESTS in flight, MAX_QUEUED_REQUESTS
// waiting; set either to compare), on PGlite and (when reachable) PostgreSQL.
// BENCH_CONNECTIONS (200), BENCH_DURATION (15 s), BENCH_DATABASES ("pglite,postgresql"),
// BENCH_JSON=<file>: {pglite|postgresql: {clients, answers, shed, p99}} (p99 of every answer, ms).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BENCH_SECRETS,
  createBenchKey,
  createThrowawayDatabase,
  loadAverage,
  setUpOrganization,
  startBenchServer,
} from '../support.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
const JSON_FILE = process.env.BENCH_JSON;
const KEYS = 4;

const body = JSON.stringify({
  data: { full_name: 'محمد أحمد', national_id: '1012345678', birth_date: '1990-04-12' },
  expires_in: 3600,
});

function post(agent: http.Agent, url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; retryAfterS: number }>((resolve) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfterS: Number(response.headers['retry-after'] ?? 0),
        }),
      );
    });
    request.on('error', () => resolve({ status: 0, retryAfterS: 0 }));
    request.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

/** CONNECTIONS callers, each sending its next call when the last is answered (and Retry-After passed). */
async function load(baseUrl: string, keys: Record<string, string>[], seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL('/v1/tokens/generate', baseUrl);
  const latencies = new Map<number, number[]>();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, caller) => {
      const headers = keys[caller % keys.length]!;
      while (performance.now() < until) {
        const started = performance.now();
        const { status, retryAfterS } = await post(agent, url, headers);
        const list = latencies.get(status) ?? [];
        list.push(performance.now() - started);
        latencies.set(status, list);
        if (status === 503 && retryAfterS > 0) {
          await new Promise((resolve) => setTimeout(resolve, retryAfterS * 1000));
        }
      }
    }),
  );
  agent.destroy();
  return latencies;
}

interface Run {
  clients: number;
  answers: number;
  shed: number;
  p99: number;
  accepted_per_s: number;
  other: string;
  load_average: string;
}

async function measure(env: Record<string, string>): Promise<Run> {
  const loadBefore = loadAverage();
  const server = await startBenchServer({ ...BENCH_SECRETS, ...env });
  try {
    // Callers spread over keys: one key allows 100,000 calls a minute at most, which a fast
    // machine passes within the run (its calls past it are answered 429, fast).
    const organization = await setUpOrganization(server.baseUrl);
    const keys = [];
    for (let i = 0; i < KEYS; i++) {
      keys.push({
        ...(await createBenchKey(server.baseUrl, organization)).headers,
        'content-length': String(Buffer.byteLength(body)),
      });
    }
    await load(server.baseUrl, keys, 2); // warm-up
    const latencies = await load(server.baseUrl, keys, DURATION_S);
    const all = [...latencies.values()].flat().sort((a, b) => a - b);
    const others = [...latencies]
      .filter(([status]) => status !== 201 && status !== 503)
      .map(([status, list]) => `${list.length} x ${status || 'error'}`);
    return {
      clients: CONNECTIONS,
      answers: all.length,
      shed: latencies.get(503)?.length ?? 0,
      p99: Math.round(percentile(all, 99)),
      accepted_per_s: Math.round((latencies.get(201)?.length ?? 0) / DURATION_S),
      other: others.join(', ') || '0',
      load_average: `${loadBefore} -> ${loadAverage()}`,
    };
  } finally {
    await server.stop();
  }
}

const runs: Record<string, Run> = {};
for (const database of DATABASES) {
  if (database === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-overload-'));
    try {
      runs.pglite = await measure({ DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else if (database === 'postgresql') {
    const throwaway = await createThrowawayDatabase('tanqin_overload');
    if (!throwaway) {
      console.log('PostgreSQL: no server answers at BENCH_PG_URL, skipped');
      continue;
    }
    try {
      runs.postgresql = await measure({ DATABASE_URL: throwaway.url });
    } finally {
      await throwaway.drop();
    }
  }
}

console.log(
  `\n${CONNECTIONS} callers on generate, ${DURATION_S} s, the server's own load limits\n`,
);
console.log(
  '| database | answers | shed (503) | shed % | p99 of all answers ms | accepted req/s | other answers | load average |',
);
console.log('|---|---:|---:|---:|---:|---:|---|---|');
for (const [database, run] of Object.entries(runs)) {
  const shedShare = run.answers ? ((100 * run.shed) / run.answers).toFixed(2) : '0';
  console.log(
    `| ${database} | ${run.answers} | ${run.shed} | ${shedShare} | ${run.p99} | ${run.accepted_per_s} | ${run.other} | ${run.load_average} |`,
  );
}
if (JSON_FILE) {
  const json = Object.fromEntries(
    Object.entries(runs).map(([database, { clients, answers, shed, p99 }]) => [
      database,
      { clients, answers, shed, p99 },
    ]),
  );
  writeFileSync(JSON_FILE, `${JSON.stringify(json, null, 2)}\n`);
}
