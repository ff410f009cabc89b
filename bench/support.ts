// What the benchmarks share: the bench server (bench/tokens/server.ts: the product plus a
// baseline route) in a child process, and an organisation with a high-limit API key.
import { fork } from 'node:child_process';
import path from 'node:path';

/** Starts the bench server on a random port in production mode; resolves once it listens. */
export async function startBenchServer(env: Record<string, string>, execArgv: string[] = []) {
  const port = 4100 + Math.floor(Math.random() * 800);
  const child = fork(path.join(import.meta.dirname, 'tokens/server.ts'), {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
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

/** Signs up an organisation with an API key of high limits; resolves the headers of a /v1 call. */
export async function setUpIntegrator(baseUrl: string) {
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
