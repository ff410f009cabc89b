// `npm run bench:scale`: does the cost of a call or of a console page grow with an organisation's
// history? For each database (PostgreSQL on 127.0.0.1:5432 when it answers, PGlite in a temporary
// folder) it prepares one organisation per size (BENCH_SIZES, default 10,000 and 1,000,000 codes,
// billed calls and request-log rows, filled in SQL: fill.ts), then runs one server per size side
// by side and measures them in turns, so that other work on the machine weighs on both alike:
// - generate and verify through the full /v1 pipeline (autocannon, p50 / p99);
// - every console read that aggregates, called one after the other (median and slowest).
// BENCH_JSON=<file> also writes the figures as JSON; see bench/README.md for every setting.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureMonthPartitions } from '../../apps/api/src/db/month-partitions.ts';
import { openDatabase } from '../../apps/api/src/db/open.ts';
import { outboxPath } from '../../apps/api/src/lib/mail/index.ts';
import { AUDIT_LOG_PARTITIONS } from '../../apps/api/src/modules/audit/audit-months.ts';
import { REQUEST_LOG_PARTITIONS } from '../../apps/api/src/modules/request-log/request-log.queries.ts';
import { CODE_PARTITIONS } from '../../apps/api/src/modules/tokens/code-months.ts';
import { USAGE_LOG_PARTITIONS } from '../../apps/api/src/modules/wallet/usage-retention.ts';
import { cpuMs, cpuSince, percentile, RouteMeter } from '../route-meter.ts';
import {
  BENCH_SECRETS,
  callJson,
  createBenchKey,
  createThrowawayDatabase,
  generateBody,
  loadAverage,
  makeCodes,
  setUpOrganization,
  signIn,
  startBenchServer,
} from '../support.ts';
import { fillOrganisation, HISTORY_DAYS, PERSON_CODES } from './fill.ts';

const MONTH_PARTITIONED = [
  REQUEST_LOG_PARTITIONS,
  USAGE_LOG_PARTITIONS,
  AUDIT_LOG_PARTITIONS,
  CODE_PARTITIONS,
];

/** BENCH_ROWS=N compares 10,000 with N (the issue's form); BENCH_SIZES lists the sizes. */
const SIZES = (
  process.env.BENCH_SIZES ??
  (process.env.BENCH_ROWS ? `10000,${process.env.BENCH_ROWS}` : '10000,1000000')
)
  .split(',')
  .map(Number);
/** PGlite's sizes, when they differ (BENCH_PGLITE_SIZES). */
const PGLITE_SIZES = process.env.BENCH_PGLITE_SIZES?.split(',').map(Number) ?? SIZES;
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgresql,pglite').split(',');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SLICE_S = Number(process.env.BENCH_SLICE ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const READS = Number(process.env.BENCH_READS ?? 20);
const VERIFY_CODES = Number(process.env.BENCH_VERIFY_CODES ?? 4000);
const API_KEYS = 5;
const JSON_FILE = process.env.BENCH_JSON;
/** Keep the filled databases and folders (to look at their plans afterwards). */
const KEEP = process.env.BENCH_KEEP === '1';

const sizeLabel = (size: number) =>
  size >= 1e6 && size % 1e6 === 0
    ? `${size / 1e6}m`
    : size >= 1e3 && size % 1e3 === 0
      ? `${size / 1e3}k`
      : String(size);

/** A confirmed individual, signed in; resolves their headers and email. */
async function registerPerson(baseUrl: string, dataDir: string) {
  const n = Date.now().toString(36);
  const phone = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const body = {
    nationalId: '1048576001',
    phoneNumber: phone,
    email: `person-${n}@example.sa`,
    firstName: 'نورة',
    lastName: 'القحطاني',
    password: 'Bench-Passw0rd',
    confirmPassword: 'Bench-Passw0rd',
    method: 'sms',
  };
  const registered = await callJson(baseUrl, 'POST', '/api/v1/auth/register/individual', body);
  const sms = readFileSync(outboxPath(dataDir), 'utf8')
    .split('\n')
    .filter((line) => line.includes(phone))
    .at(-1);
  const code = sms?.match(/\b(\d{6})\b/)?.[1];
  await callJson(
    baseUrl,
    'POST',
    '/api/v1/auth/verify/individual',
    { method: 'sms', code },
    { authorization: `Bearer ${registered.token}` },
  );
  const login = await callJson(baseUrl, 'POST', '/api/v1/auth/login', {
    email: body.email,
    password: body.password,
  });
  return { email: body.email, headers: { authorization: `Bearer ${login.token}` } };
}

interface Target {
  size: number;
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The database's server processes (PostgreSQL); PGlite runs inside the server. */
  databaseBackends: () => Promise<number[]>;
}

/** Signs up the organisation, its keys and the person through the API, then fills its history. */
async function prepare(target: Target) {
  const server = await startBenchServer(target.env);
  let organization: Awaited<ReturnType<typeof setUpOrganization>>;
  let keys: Awaited<ReturnType<typeof createBenchKey>>[];
  let person: Awaited<ReturnType<typeof registerPerson>>;
  try {
    organization = await setUpOrganization(server.baseUrl);
    keys = [];
    for (let i = 0; i < API_KEYS; i++)
      keys.push(await createBenchKey(server.baseUrl, organization));
    person = await registerPerson(server.baseUrl, target.dataDir);
  } finally {
    await server.stop();
  }
  const db = await openDatabase(target);
  try {
    const [user] = await db.query<{ id: string; national_id_hash: string }>(
      'select id, national_id_hash from users where email = $1',
      [person.email],
    );
    // The person proved their national id (the history answers 403 until then): recorded here as
    // the identity provider's answer would record it, so the bench reads their codes.
    await db.query(
      `update users set identity_proven_at = now(), identity_provider = 'bench' where id = $1`,
      [user!.id],
    );
    // Each month of the history in a partition of its own from the start, as the hourly jobs
    // keep them: rows go straight there instead of being moved out of the default partition.
    const historyStart = new Date(Date.now() - (HISTORY_DAYS + 1) * 86_400_000);
    for (const table of MONTH_PARTITIONED) {
      await ensureMonthPartitions(db, table, new Date(), historyStart);
    }
    const seconds = await fillOrganisation(db, {
      organizationId: organization.id,
      apiKeyIds: keys.map((key) => key.id),
      size: target.size,
      person: { userId: user!.id, subjectHash: user!.national_id_hash },
    });
    const parts = Object.entries(seconds).map(([part, s]) => `${part} ${s.toFixed(1)} s`);
    console.log(`${sizeLabel(target.size)} filled (load ${loadAverage()}): ${parts.join(', ')}`);
  } finally {
    await db.close();
  }
  return { ...target, organization, keyHeaders: keys[0]!.headers, person };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** The console reads that aggregate, by name: path and who reads it. */
function consoleReads(
  p: Prepared,
): Record<string, { path: string; headers: Record<string, string> }> {
  const owner = p.organization.ownerHeaders;
  return {
    wallet: { path: '/api/v1/wallet', headers: owner },
    'wallet usage': { path: '/api/v1/wallet/usage', headers: owner },
    'daily summary (90 days)': { path: '/api/v1/wallet/daily-summary?days=90', headers: owner },
    'dashboard counters': {
      path: `/api/v1/organizations/${p.organization.id}/dashboard`,
      headers: owner,
    },
    'security stats': { path: '/api/v1/security/stats', headers: owner },
    'API keys with usage': { path: '/api/v1/security/api-keys', headers: owner },
    'request log (first page)': { path: '/api/v1/security/requests', headers: owner },
    'request analytics (30 days)': {
      path: '/api/v1/dashboard/security/analytics?days=30',
      headers: owner,
    },
    'security events (first page)': { path: '/api/v1/security/events', headers: owner },
    'personal code history': { path: '/api/v1/me/codes', headers: p.person.headers },
    'issued codes (first page)': { path: '/api/v1/tokens', headers: owner },
    // Not a console read: the /v1 status of one code by its reference, which finds it in any
    // month's partition (the fill's codes are tok_scale_0 .. tok_scale_<size - 1>).
    'code status by reference': {
      path: `/v1/tokens/tok_scale_${Math.floor(p.size / 2)}/status`,
      headers: p.keyHeaders,
    },
  };
}

async function timedGet(baseUrl: string, read: { path: string; headers: Record<string, string> }) {
  const started = performance.now();
  const res = await fetch(baseUrl + read.path, { headers: read.headers });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET ${read.path}: ${res.status} ${body}`);
  return { ms, body };
}

type Running = Prepared & { baseUrl: string; pid: number; stop: () => Promise<void> };

interface ReadFigures {
  /** Wall time of one read as the client sees it, ms: median and slowest. */
  p50: number;
  max: number;
  /** CPU per read of the server process and the database's processes, ms. */
  cpu: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Each read READS times in a row on each size (after 3 untimed), the sizes in turns; wall time
 * per read, and the CPU it cost, which the machine's other work does not stretch.
 */
async function measureReads(servers: Running[]) {
  const reads = servers.map((s) => consoleReads(s));
  const results = servers.map(() => ({}) as Record<string, ReadFigures>);
  for (const [turn, name] of Object.keys(reads[0]!).entries()) {
    const order = turn % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const index = servers.indexOf(server);
      const read = reads[index]![name]!;
      for (let i = 0; i < 3; i++) await timedGet(server.baseUrl, read);
      const pids = [server.pid, ...(await server.databaseBackends())];
      const before = cpuMs(pids);
      const wall: number[] = [];
      for (let i = 0; i < READS; i++) wall.push((await timedGet(server.baseUrl, read)).ms);
      const cpu = cpuSince(before, pids);
      const sorted = wall.sort((a, b) => a - b);
      results[index]![name] = {
        p50: oneDecimal(percentile(sorted, 0.5)),
        max: oneDecimal(sorted.at(-1)!),
        cpu: oneDecimal(cpu / READS),
      };
    }
  }
  return results;
}

/** generate and verify, ROUNDS slices each, the sizes in turn. */
async function measureHotPath(servers: Running[]) {
  const meters = servers.map(() => ({
    generate: new RouteMeter(CONNECTIONS),
    verify: new RouteMeter(CONNECTIONS),
  }));
  const codes: string[][] = [];
  const noCpu = { server: 0, databaseBackends: async () => [] };
  for (const server of servers) {
    const generate = {
      url: `${server.baseUrl}/v1/tokens/generate`,
      method: 'POST' as const,
      headers: server.keyHeaders,
      body: generateBody,
    };
    await new RouteMeter(CONNECTIONS).run(noCpu, { ...generate, duration: 2 });
    codes.push(await makeCodes(server.baseUrl, server.keyHeaders, VERIFY_CODES));
  }
  const perRound = Math.floor(VERIFY_CODES / ROUNDS);
  const next = servers.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, server] of servers.entries()) {
      const processes = { server: server.pid, databaseBackends: server.databaseBackends };
      await meters[index]!.generate.run(processes, {
        url: `${server.baseUrl}/v1/tokens/generate`,
        method: 'POST',
        headers: server.keyHeaders,
        body: generateBody,
        duration: SLICE_S,
      });
      await meters[index]!.verify.run(processes, {
        url: `${server.baseUrl}/v1/tokens/verify`,
        method: 'POST',
        headers: server.keyHeaders,
        amount: perRound,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ token: codes[index]![next[index]!++] }),
            }),
          },
        ],
      });
    }
  }
  return meters.map((m) => ({ generate: m.generate.figures(), verify: m.verify.figures() }));
}

/**
 * The retention job's drop of the request log's oldest month, on the largest size, while
 * CONNECTIONS callers generate codes (each call logged): how long it takes, and what callers got.
 */
async function measurePartitionDrop(server: Running) {
  const meter = new RouteMeter(CONNECTIONS);
  const load = meter.run(
    { server: server.pid, databaseBackends: server.databaseBackends },
    {
      url: `${server.baseUrl}/v1/tokens/generate`,
      method: 'POST',
      headers: server.keyHeaders,
      body: generateBody,
      duration: 4,
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const drop = (await callJson(
    server.baseUrl,
    'POST',
    '/bench/request-log/drop-oldest-month',
    {},
  )) as {
    dropped: string[];
    ms: number;
  };
  await load;
  return {
    dropped: drop.dropped,
    ms: oneDecimal(drop.ms),
    caller_errors: meter.errors,
    calls: meter.requests,
  };
}

async function benchDatabase(label: string, targets: Target[]) {
  const prepared: Prepared[] = [];
  for (const target of targets) prepared.push(await prepare(target));
  if (KEEP) for (const p of prepared) console.log(`kept: ${p.databaseUrl ?? p.dataDir}`);
  const loadBefore = loadAverage();
  const servers: Running[] = [];
  try {
    for (const p of prepared) {
      const server = await startBenchServer(p.env);
      // The fill outlasts the sessions made before it (10 M rows take tens of minutes).
      const ownerHeaders = await signIn(server.baseUrl, p.organization.ownerEmail);
      const personHeaders = await signIn(server.baseUrl, p.person.email);
      servers.push({
        ...p,
        ...server,
        organization: { ...p.organization, ownerHeaders },
        person: { ...p.person, headers: personHeaders },
      });
    }
    const personCodes = await timedGet(
      servers[0]!.baseUrl,
      consoleReads(servers[0]!)['personal code history']!,
    );
    console.log(`${label}: the person sees ${JSON.parse(personCodes.body).codes.length} codes`);
    const reads = await measureReads(servers);
    const hot = await measureHotPath(servers);
    const partitionDrop = await measurePartitionDrop(servers.at(-1)!);
    return {
      label,
      load: `${loadBefore} before, ${loadAverage()} after`,
      sizes: prepared.map((p, index) => ({ size: p.size, reads: reads[index]!, ...hot[index]! })),
      partitionDrop,
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}

const results: Awaited<ReturnType<typeof benchDatabase>>[] = [];
const cleanups: (() => Promise<void>)[] = [];
const tempFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tanqin-scale-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
try {
  if (DATABASES.includes('postgresql')) {
    const targets: Target[] = [];
    for (const size of SIZES) {
      const database = await createThrowawayDatabase('tanqin_scale');
      if (!database) break;
      cleanups.push(database.drop);
      const dataDir = tempFolder();
      targets.push({
        size,
        dataDir,
        databaseUrl: database.url,
        databaseBackends: database.backends,
        env: { ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: database.url },
      });
    }
    if (targets.length === SIZES.length) results.push(await benchDatabase('PostgreSQL', targets));
    else console.log('PostgreSQL not reachable: skipped');
  }
  if (DATABASES.includes('pglite')) {
    const targets = PGLITE_SIZES.map((size): Target => {
      const dataDir = tempFolder();
      return {
        size,
        dataDir,
        databaseUrl: undefined,
        databaseBackends: async () => [],
        env: { ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: '' },
      };
    });
    results.push(await benchDatabase('PGlite', targets));
  }
} finally {
  if (!KEEP) for (const cleanup of cleanups) await cleanup();
}

console.log(
  `\nPer size: ${PERSON_CODES} codes of the person read, ${API_KEYS} API keys; generate and verify with ${CONNECTIONS} connections, ${ROUNDS} slices each (verify: ${VERIFY_CODES} distinct codes); each read ${READS} times\n`,
);
for (const r of results) {
  const labels = r.sizes.map((s) => sizeLabel(s.size));
  console.log(`${r.label}, load average (1, 5, 15 min): ${r.load}\n`);
  console.log(`| | ${labels.join(' | ')} | ratio ${labels.at(-1)} / ${labels[0]} |`);
  console.log(`|---|${labels.map(() => '---:|').join('')}---:|`);
  const first = r.sizes[0]!;
  const last = r.sizes.at(-1)!;
  const row = (name: string, values: number[]) =>
    console.log(
      `| ${name} | ${values.join(' | ')} | ${(values.at(-1)! / values[0]!).toFixed(2)} |`,
    );
  for (const route of ['generate', 'verify'] as const) {
    row(
      `${route} req/s`,
      r.sizes.map((s) => Math.round(s[route].rps)),
    );
    row(
      `${route} p50 ms`,
      r.sizes.map((s) => s[route].p50),
    );
    row(
      `${route} p99 ms`,
      r.sizes.map((s) => s[route].p99),
    );
  }
  for (const name of Object.keys(first.reads)) {
    console.log(
      `| ${name}: median (slowest) ms; CPU ms | ${r.sizes.map((s) => `${s.reads[name]!.p50} (${s.reads[name]!.max}); ${s.reads[name]!.cpu}`).join(' | ')} | ${(last.reads[name]!.p50 / first.reads[name]!.p50).toFixed(2)} |`,
    );
  }
  const drop = r.partitionDrop;
  console.log(
    `\nRequest log's oldest month dropped while ${CONNECTIONS} callers generated (${drop.calls} calls in 4 s): ` +
      `${drop.dropped.join(', ') || 'no partition'} in ${drop.ms} ms; ${drop.caller_errors} errors to callers`,
  );
  console.log();
}

if (JSON_FILE) {
  const medians = (reads: Record<string, ReadFigures>) =>
    Object.fromEntries(Object.entries(reads).map(([name, f]) => [name, f.p50]));
  const slowest = (reads: Record<string, ReadFigures>) =>
    Object.fromEntries(Object.entries(reads).map(([name, f]) => [name, f.max]));
  const json = Object.fromEntries(
    results.map((r) => [
      r.label.toLowerCase(),
      {
        ...Object.fromEntries(
          r.sizes.map((s) => [
            sizeLabel(s.size),
            {
              verify_p50: s.verify.p50,
              verify_p99: s.verify.p99,
              verify_rps: Math.round(s.verify.rps),
              generate_p50: s.generate.p50,
              generate_p99: s.generate.p99,
              generate_rps: Math.round(s.generate.rps),
              reads_ms: medians(s.reads),
            },
          ]),
        ),
        reads_ms: medians(r.sizes.at(-1)!.reads),
        reads_max_ms: slowest(r.sizes.at(-1)!.reads),
        partition_drop: r.partitionDrop,
      },
    ]),
  );
  writeFileSync(JSON_FILE, `${JSON.stringify(json, null, 2)}\n`);
}
