// A/B of one change to the server: two bench servers side by side, A started from AB_BASE (a
// folder holding the tree before the change, e.g. from `git archive`, with node_modules linked
// to this one's) and B from this tree, each on its own database (AB_DB=postgresql or pglite),
// measured in interleaved slices of baseline, generate and verify. Prints req/s, p99 and the CPU
// per 1,000 requests of server / database / load generator. Settings: bench/README.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RouteMeter } from '../route-meter.ts';
import * as here from '../support.ts';

const base = (await import(path.join(process.env.AB_BASE!, 'bench/support.ts'))) as typeof here;
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SLICE = Number(process.env.AB_SLICE ?? 1.5);
const CODES = Number(process.env.AB_CODES ?? 1500);
const KIND = process.env.AB_DB ?? 'postgresql';
const PROF = process.env.AB_PROF;

async function side(label: string, support: typeof here) {
  const db = KIND === 'postgresql' ? await here.createThrowawayDatabase('tanqin_ab') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-ab-'));
  const env = {
    ...here.BENCH_SECRETS,
    DATA_DIR: dataDir,
    DATABASE_URL: db?.url ?? '',
    // AB_ENV_A / AB_ENV_B: JSON of more environment for one side (e.g. {"BENCH_REQUEST_LOG":"off"}).
    ...JSON.parse(process.env[`AB_ENV_${label}`] ?? '{}'),
  };
  // AB_NODE_FLAGS_A / AB_NODE_FLAGS_B: node flags for one side (e.g. "--max-semi-space-size=32").
  const nodeFlags = (process.env[`AB_NODE_FLAGS_${label}`] ?? '').split(' ').filter(Boolean);
  const server = await support.startBenchServer(env, [
    ...nodeFlags,
    ...(PROF ? ['--cpu-prof', `--cpu-prof-dir=${PROF}/${label}`] : []),
  ]);
  // A key each for the generates, the codes and the verifies, as run.ts does: one key for all
  // passes its 100,000 calls a minute on a fast machine, and the calls past it are answered 429.
  const organization = await here.setUpOrganization(server.baseUrl);
  const newKey = async () => (await here.createBenchKey(server.baseUrl, organization)).headers;
  const headers = await newKey();
  const codesHeaders = await newKey();
  const verifyHeaders = await newKey();
  const processes = { server: server.pid, databaseBackends: db?.backends ?? (async () => []) };
  return {
    label,
    server,
    db,
    dataDir,
    headers,
    codesHeaders,
    verifyHeaders,
    processes,
    generate: new RouteMeter(50),
    verify: new RouteMeter(50),
    baseline: new RouteMeter(50),
  };
}

/** The server's peak resident memory (VmHWM), in MB; Linux only. */
function peakRssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return (Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024).toFixed(0);
}

const sides = [await side('A', base), await side('B', here)];
const WARM = Number(process.env.AB_WARM ?? 2);
await Promise.all(
  sides.map(async (s) => {
    await new RouteMeter(25).run(s.processes, {
      url: `${s.server.baseUrl}/v1/tokens/generate`,
      method: 'POST',
      headers: s.headers,
      body: here.generateBody,
      duration: WARM,
    });
  }),
);
const codes = new Map<string, string[]>();
for (const s of sides)
  codes.set(s.label, await here.makeCodes(s.server.baseUrl, s.codesHeaders, CODES * ROUNDS));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? [...sides].reverse() : sides;
  for (const s of order) {
    await s.baseline.run(s.processes, {
      url: `${s.server.baseUrl}/bench/baseline`,
      method: 'POST',
      duration: SLICE,
    });
  }
  for (const s of order) {
    await s.generate.run(s.processes, {
      url: `${s.server.baseUrl}/v1/tokens/generate`,
      method: 'POST',
      headers: s.headers,
      body: here.generateBody,
      duration: SLICE,
    });
  }
  for (const s of order) {
    const list = codes.get(s.label)!;
    let next = round * CODES;
    await s.verify.run(s.processes, {
      url: `${s.server.baseUrl}/v1/tokens/verify`,
      method: 'POST',
      headers: s.verifyHeaders,
      amount: CODES,
      requests: [
        { setupRequest: (req) => ({ ...req, body: JSON.stringify({ token: list[next++] }) }) },
      ],
    });
  }
}
console.log(`load ${here.loadAverage()}; ${KIND}; rounds ${ROUNDS}`);
for (const s of sides) {
  console.log(`${s.label} peak RSS ${peakRssMb(s.server.pid)} MB (pid ${s.server.pid})`);
  for (const route of ['baseline', 'generate', 'verify'] as const) {
    const f = s[route].figures();
    console.log(
      `${s.label} ${route.padEnd(9)} rps ${f.rps.toFixed(0).padStart(5)} p99 ${String(f.p99).padStart(4)} err ${f.errors} cpu server/db/load ${f.cpu.server} / ${f.cpu.database} / ${f.cpu.load}`,
    );
  }
}
for (const s of sides) {
  await s.server.stop();
  await s.db?.drop();
  rmSync(s.dataDir, { recursive: true, force: true });
}
