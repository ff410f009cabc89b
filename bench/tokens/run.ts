// `npm run bench:tokens`: requests per second and p50 / p99 latency of generate and verify
// through the full /v1 pipeline, against a baseline route of the same server doing one insert,
// on PGlite and (when reachable) PostgreSQL. Prints the figures and the ratios to the baseline.
// generate is also measured on a server built without the request log, in the same run.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const VERIFY_CODES = Number(process.env.BENCH_VERIFY_CODES ?? 6000);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startServer(env: Record<string, string>) {
  const port = 4100 + Math.floor(Math.random() * 800);
  const child = fork(path.join(import.meta.dirname, 'server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function json(
  baseUrl: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<any>;
}

async function setUpIntegrator(baseUrl: string) {
  const n = Date.now().toString(36);
  const password = 'Bench-Passw0rd';
  await json(baseUrl, 'POST', '/api/v1/signup', {
    name: `Bench ${n}`,
    type: 'private',
    email: `bench-${n}@example.sa`,
    contactPerson: 'Bench',
    adminDetails: {
      firstName: 'B',
      lastName: 'B',
      email: `admin-${n}@example.sa`,
      password,
      confirmPassword: password,
    },
  });
  const login = await json(baseUrl, 'POST', '/api/v1/auth/login', {
    email: `admin-${n}@example.sa`,
    password,
  });
  const key = await json(
    baseUrl,
    'POST',
    '/api/v1/security/api-keys',
    { key_name: 'bench', rate_limit_per_minute: 100_000, rate_limit_per_hour: 1_000_000 },
    { authorization: `Bearer ${login.token}` },
  );
  return {
    'content-type': 'application/json',
    'x-client-id': login.organization.client_id as string,
    authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`,
  };
}

function load(options: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0) console.log(`${options.url}: non-2xx answers`, result.statusCodeStats);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

const generateBody = JSON.stringify({
  data: { full_name: 'محمد أحمد', national_id: '1012345678', birth_date: '1990-04-12' },
  data_scope: ['identity'],
  expires_in: 3600,
});

/** generate on a server built without the request log: the log's cost is the difference. */
async function benchWithoutLog(env: Record<string, string>) {
  const server = await startServer({ ...env, BENCH_REQUEST_LOG: 'off' });
  try {
    const headers = await setUpIntegrator(server.baseUrl);
    const generate = () =>
      load({
        url: `${server.baseUrl}/v1/tokens/generate`,
        method: 'POST',
        headers,
        body: generateBody,
        duration: DURATION_S,
      });
    await load({
      url: `${server.baseUrl}/v1/tokens/generate`,
      method: 'POST',
      headers,
      body: generateBody,
      duration: 2,
    });
    return generate();
  } finally {
    await server.stop();
  }
}

async function benchOne(label: string, env: Record<string, string>) {
  const withoutLog = await benchWithoutLog(env);
  const server = await startServer(env);
  try {
    const headers = await setUpIntegrator(server.baseUrl);
    // Warm up the caches and the JIT.
    await load({
      url: `${server.baseUrl}/v1/tokens/generate`,
      method: 'POST',
      headers,
      body: generateBody,
      duration: 2,
    });
    const baseline = await load({
      url: `${server.baseUrl}/bench/baseline`,
      method: 'POST',
      duration: DURATION_S,
    });
    const generate = await load({
      url: `${server.baseUrl}/v1/tokens/generate`,
      method: 'POST',
      headers,
      body: generateBody,
      duration: DURATION_S,
    });
    const codes: string[] = [];
    for (let i = 0; i < VERIFY_CODES; i += 200) {
      const batch = await Promise.all(
        Array.from({ length: 200 }, () =>
          fetch(`${server.baseUrl}/v1/tokens/generate`, {
            method: 'POST',
            headers,
            body: generateBody,
          }).then((r) => r.json()),
        ),
      );
      codes.push(...batch.map((b: any) => b.token));
    }
    let next = 0;
    const verify = await load({
      url: `${server.baseUrl}/v1/tokens/verify`,
      method: 'POST',
      headers,
      amount: codes.length,
      requests: [
        { setupRequest: (req) => ({ ...req, body: JSON.stringify({ token: codes[next++] }) }) },
      ],
    });
    return { label, baseline, generate, verify, withoutLog };
  } finally {
    await server.stop();
  }
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
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
  return {
    url: url.toString(),
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
const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-bench-'));
results.push(await benchOne('PGlite', { ...secrets, DATA_DIR: dataDir, DATABASE_URL: '' }));
rmSync(dataDir, { recursive: true, force: true });
const postgres = await postgresUrl();
if (postgres) {
  try {
    results.push(
      await benchOne('PostgreSQL', {
        ...secrets,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-bench-')),
        DATABASE_URL: postgres.url,
      }),
    );
  } finally {
    await postgres.drop();
  }
} else {
  console.log('PostgreSQL not reachable: skipped');
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s per route (verify: ${VERIFY_CODES} distinct codes)\n`,
);
console.log('| database | route | req/s | p50 ms | p99 ms | errors | ratio to baseline |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const [route, f] of [
    ['baseline insert', r.baseline],
    ['generate, request log off', r.withoutLog],
    ['generate', r.generate],
    ['verify', r.verify],
  ] as const) {
    const ratio = (f.rps / r.baseline.rps).toFixed(2);
    console.log(
      `| ${r.label} | ${route} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${route === 'baseline insert' ? '1.00' : ratio} |`,
    );
  }
}
