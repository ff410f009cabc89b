import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { Clock } from '../src/lib/clock.ts';
import { freePort } from './free-port.ts';
import { migratedPgliteCopy } from './pglite-copy.ts';

export { freePort };

export type DatabaseKind = 'pglite' | 'postgres';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** PGlite always; PostgreSQL too when a server answers (it does in CI on this machine). */
export const databaseKinds: DatabaseKind[] = (await isPostgresReachable())
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A new, empty PostgreSQL database named `<prefix>_<random>`, for server processes that migrate
 * it themselves: its URL, and `drop` (forced: their connections may still be open).
 */
export async function emptyPostgresDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh, migrated database of the given kind; PostgreSQL gets its own throwaway database.
 * `migrateThrough` leaves it at that migration (a test of what a later one does to old rows).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { migrateThrough?: string } = {},
): Promise<Database> {
  const through = options.migrateThrough;
  if (kind === 'pglite') {
    if (!through) return openPglite(undefined, await migratedPgliteCopy());
    const db = await openPglite(undefined);
    await migrate(db, { through });
    return db;
  }
  const name = `tanqin_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db, { through });
  return {
    ...db,
    close: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-test-')),
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
    TOKEN_PEPPER: 'test-token-pepper-0123456789abcdef01234567',
    WEB_DIST_DIR: path.join(tmpdir(), 'tanqin-no-web-build'),
    ...overrides,
  });
}

export interface TestServer {
  baseUrl: string;
  db: Database;
  ctx: AppContext;
  /** Every route the server registered. */
  routes: RouteOptions[];
  close(): Promise<void>;
}

/**
 * The real server over a real database on a free port, which is its PUBLIC_URL (the development
 * identity provider is reached there): tests speak real HTTP to it.
 */
export async function startTestServer(
  kind: DatabaseKind,
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    /** Parts of the outside world to swap (mail, webhook network) and where log lines go. */
    app?: Pick<BuildAppOptions, 'mail' | 'webhookNetwork' | 'onRoute' | 'logStream'>;
  } = {},
): Promise<TestServer> {
  const db = await createTestDatabase(kind);
  const port = await freePort();
  // Every answer must match the schema its route declares for its status (lib/contract.ts).
  const violations: string[] = [];
  const { app, ctx, routes } = await buildApp({
    config: testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env }),
    db,
    clock: options.clock,
    runBackgroundJobs: false,
    onContractViolation: (message) => violations.push(message),
    ...options.app,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    ctx,
    routes,
    async close() {
      await app.close();
      await db.close();
      if (violations.length > 0) {
        throw new Error(`Answers that break their route's contract:\n${violations.join('\n')}`);
      }
    },
  };
}

/** Small fetch helper: JSON in, status + headers + parsed body out. */
export async function request(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { json?: unknown; body?: string; headers?: Record<string, string>; token?: string } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(baseUrl + urlPath, { method, headers, body });
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

let counter = 0;
/** A valid organisation sign-up body with unique emails. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    name: `جهة الاختبار ${n}`,
    type: 'private',
    email: `org-${n}@example.sa`,
    phone: '0112345678',
    contactPerson: 'سارة العتيبي',
    adminDetails: {
      firstName: 'سارة',
      lastName: 'العتيبي',
      email: `admin-${n}@example.sa`,
      phoneNumber: '0551234567',
      password: 'Str0ngPassw0rd',
      confirmPassword: 'Str0ngPassw0rd',
    },
    ...overrides,
  };
}

/** Signs up an organisation and signs its admin in. */
export async function createOrganization(baseUrl: string) {
  const body = signupBody();
  const signup = await request(baseUrl, 'POST', '/api/v1/signup', { json: body });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const login = await request(baseUrl, 'POST', '/api/v1/auth/login', {
    json: { email: body.adminDetails.email, password: body.adminDetails.password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    organization: signup.body.organization as { id: string; client_id: string; name: string },
    token: login.body.token as string,
    cookie: login.headers.get('set-cookie') ?? '',
    admin: body.adminDetails,
  };
}

/** Creates an API key for a signed-in organisation through the dashboard API. */
export async function createKey(
  baseUrl: string,
  token: string,
  body: Record<string, unknown> = {},
) {
  const res = await request(baseUrl, 'POST', '/api/v1/security/api-keys', {
    token,
    json: { key_name: 'Test key', ...body },
  });
  if (res.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; api_key: string; api_secret: string; scopes: string[] };
}

/** Headers of a /v1 call authenticated with an API key (Basic) and the organisation's client id. */
export function basicAuth(clientId: string, key: { api_key: string; api_secret: string }) {
  return {
    'x-client-id': clientId,
    authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`,
  };
}

/** An organisation with an API key, ready to call /v1. */
export async function createIntegrator(baseUrl: string, keyBody: Record<string, unknown> = {}) {
  const org = await createOrganization(baseUrl);
  const key = await createKey(baseUrl, org.token, keyBody);
  const headers = basicAuth(org.organization.client_id, key);
  const call = (method: string, urlPath: string, json?: unknown) =>
    request(baseUrl, method, urlPath, { headers, json });
  return { ...org, key, headers, call };
}

/** An organisation row written straight to the database (for tests of migrations and jobs). */
export async function insertOrganization(db: Database, name = 'Partitioned') {
  const id = randomUUID();
  await db.query(
    `insert into organizations (id, name, type, email, contact_person, client_id,
                                client_secret_encrypted, client_secret_hash)
     values ($1, $4, 'private', $2, 'Sara', $3, 'x', 'x')`,
    [id, `${id}@example.sa`, `client-${id}`, name],
  );
  return id;
}
