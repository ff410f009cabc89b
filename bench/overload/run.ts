// `npm run bench:overload`: 200 connections on generate over PGlite, with load shedding off and
// at the limits given, measuring accepted calls (201) and shed ones (503) apart. Each caller
// sends its next call as soon as it has an answer, after a 503 once Retry-After has passed (as
// the SDK and any polite client do).
// BENCH_CONNECTIONS (200), BENCH_DURATION (10 s), BENCH_LIMITS ("0,default": 0 = shedding off,
// default = the server's own choice, or numbers for MAX_CONCURRENT_REQUESTS).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_SECRETS, setUpIntegrator, startBenchServer } from '../support.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const LIMITS = (process.env.BENCH_LIMITS ?? '0,default').split(',');

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
async function load(baseUrl: string, headers: Record<string, string>, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL('/v1/tokens/generate', baseUrl);
  const latencies = new Map<number, number[]>();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
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

const rows: string[] = [];
for (const limit of LIMITS) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-overload-'));
  const server = await startBenchServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...BENCH_SECRETS,
    ...(limit !== 'default' && { MAX_CONCURRENT_REQUESTS: limit }),
  });
  try {
    const headers = {
      ...(await setUpIntegrator(server.baseUrl)),
      'content-length': String(Buffer.byteLength(body)),
    };
    await load(server.baseUrl, headers, 2); // warm-up
    const latencies = await load(server.baseUrl, headers, DURATION_S);
    const accepted = (latencies.get(201) ?? []).sort((a, b) => a - b);
    const shed = (latencies.get(503) ?? []).sort((a, b) => a - b);
    const others = [...latencies]
      .filter(([status]) => status !== 201 && status !== 503)
      .map(([status, list]) => `${list.length} x ${status || 'error'}`);
    rows.push(
      `| ${limit === '0' ? 'off' : limit} | ${Math.round(accepted.length / DURATION_S)} | ` +
        `${Math.round(percentile(accepted, 50))} | ${Math.round(percentile(accepted, 99))} | ` +
        `${Math.round(accepted.at(-1) ?? 0)} | ${Math.round(shed.length / DURATION_S)} | ` +
        `${Math.round(percentile(shed, 99))} | ${others.join(', ') || '0'} |`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nPGlite, ${CONNECTIONS} connections on generate, ${DURATION_S} s per limit\n`);
console.log(
  '| concurrent limit | accepted req/s | accepted p50 ms | accepted p99 ms | accepted max ms | shed (503) req/s | shed p99 ms | other answers |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const row of rows) console.log(row);
