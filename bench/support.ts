// What the benchmarks share: the bench server (bench/tokens/server.ts: the product plus a
// baseline route) in a child process, throwaway PostgreSQL databases, an organisation with
// high-limit API keys, and codes made through the API.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Starts the bench server on a random port in production mode; resolves once it listens. */
/**
 * What production requires besides the secrets: an identity provider (the benches prove no
 * identity, so a placeholder issuer is named; it is only contacted when a proof starts), an https
 * PUBLIC_URL, and routes for messages (the benches send none: the outbox, on purpose).
 */
const BENCH_PRODUCTION = {
  IDENTITY_ISSUER: 'https://identity.bench.invalid',
  IDENTITY_CLIENT_ID: 'bench',
  IDENTITY_CLIENT_SECRET: 'bench-secret-not-used',
  PUBLIC_URL: 'https://bench.tanqin.invalid',
  MESSAGES_TO_OUTBOX: 'true',
};

export async function startBenchServer(env: Record<string, string>, execArgv: string[] = []) {
  // 4200-4999 holds no port that fetch refuses (4190, sieve, is one: 'bad port').
  const port = 4200 + Math.floor(Math.random() * 800);
  const settings: Record<string, string | undefined> = {
    ...BENCH_PRODUCTION,
    ...process.env,
    ...env,
  };
  const child = fork(path.join(import.meta.dirname, 'tokens/server.ts'), {
    execArgv: [
      '--import',
      path.join(import.meta.dirname, '../scripts/register-typescript.mjs'),
      ...execArgv,
    ],
    env: {
      ...settings,
      // Without DATABASE_URL: the embedded database, on purpose.
      EMBEDDED_DATABASE: settings.DATABASE_URL ? 'false' : 'true',
      PORT: String(port),
      NODE_ENV: 'production',
    },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The secrets every bench server is started with. */
export const BENCH_SECRETS = {
  // Production takes only 32 random bytes (openssl rand -base64 32); these are bench-only.
  JWT_SECRET: '/XfqaCKtHnCkv4Of4l0Hj9zAJ4dkhCq1NklILoL7x3E=',
  TOKEN_PEPPER: 'XTH82embwYx4Y8MEQKpdOgPJj2sHp5NTZfkZ9lXZ3LI=',
  // The audit checkpoints' signing key (npm run audit:new-key): a bench-only key.
  AUDIT_SIGNING_KEY:
    'PRIVATE+KEY+bench.tanqin/audit+87847a8b+Aem1aiAettEDVWeqy2OVSE9FvDgPVf4VZHKpUCNRU0nI',
};

export const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on BENCH_PG_URL's server (127.0.0.1:5432 by default), with
 * its server processes and a way to drop it; undefined when no server answers.
 */
export async function createThrowawayDatabase(prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  try {
    await adminQuery(`create database ${name}`);
  } catch {
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    backends: async () =>
      (await adminQuery('select pid from pg_stat_activity where datname = $1', [name])).map((row) =>
        Number(row.pid),
      ),
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function callJson(
  baseUrl: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

const PASSWORD = 'Bench-Passw0rd';

/** Signs up an organisation and signs its owner in. */
export async function setUpOrganization(baseUrl: string) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await callJson(baseUrl, 'POST', '/api/v1/signup', {
    name: `Bench ${n}`,
    type: 'private',
    email: `bench-${n}@example.sa`,
    contactPerson: 'Bench',
    adminDetails: {
      firstName: 'B',
      lastName: 'B',
      email: `admin-${n}@example.sa`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  const login = await callJson(baseUrl, 'POST', '/api/v1/auth/login', {
    email: `admin-${n}@example.sa`,
    password: PASSWORD,
  });
  return {
    id: login.organization.id as string,
    clientId: login.organization.client_id as string,
    ownerEmail: `admin-${n}@example.sa`,
    ownerHeaders: { authorization: `Bearer ${login.token}` },
  };
}

/** Signs in again (a long fill outlasts the sessions made before it); resolves the headers. */
export async function signIn(baseUrl: string, email: string) {
  const login = await callJson(baseUrl, 'POST', '/api/v1/auth/login', {
    email,
    password: PASSWORD,
  });
  return { authorization: `Bearer ${login.token}` };
}

/** An API key of high limits; resolves its id and the headers of a /v1 call made with it. */
export async function createBenchKey(
  baseUrl: string,
  organization: Awaited<ReturnType<typeof setUpOrganization>>,
) {
  const key = await callJson(
    baseUrl,
    'POST',
    '/api/v1/security/api-keys',
    { key_name: 'bench', rate_limit_per_minute: 100_000, rate_limit_per_hour: 1_000_000 },
    organization.ownerHeaders,
  );
  return {
    id: key.id as string,
    headers: {
      'content-type': 'application/json',
      'x-client-id': organization.clientId,
      authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`,
    },
  };
}

/** Signs up an organisation with an API key of high limits; resolves the headers of a /v1 call. */
export async function setUpIntegrator(baseUrl: string) {
  return (await createBenchKey(baseUrl, await setUpOrganization(baseUrl))).headers;
}

export const generateBody = JSON.stringify({
  data: { full_name: 'محمد أحمد', national_id: '1012345678', birth_date: '1990-04-12' },
  data_scope: ['identity'],
  expires_in: 3600,
});

/**
 * Makes `count` codes through POST /v1/tokens/generate, 50 at a time: below the embedded
 * database's concurrency bound (64), past which the server sheds calls with 503.
 */
export async function makeCodes(baseUrl: string, headers: Record<string, string>, count: number) {
  const codes: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const answer = await fetch(`${baseUrl}/v1/tokens/generate`, {
          method: 'POST',
          headers,
          body: generateBody,
        });
        if (answer.status !== 201) {
          throw new Error(`generate answered ${answer.status}: ${await answer.text()}`);
        }
        return ((await answer.json()) as { token: string }).token;
      }),
    );
    codes.push(...batch);
  }
  return codes;
}

/** The load average over the last 1, 5 and 15 minutes, as `uptime` prints it (the machine is shared). */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
