import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrator, request } from '../test/harness.ts';
import { signInAtDevProvider } from '../test/identity-helpers.ts';
import { freshIp, fromIp, outboxIn, registrationBody } from '../test/individuals-helpers.ts';
import { freePort, repoRoot, type ServerProcess, startServer } from '../test/server-process.ts';

/*
 * docs/operations/deployment.md, followed: PostgreSQL, Redis, two server processes and Debian's
 * nginx in front with the guide's own configuration (its upstream ports and listen line
 * replaced). Every request of the journeys goes through nginx, which sends each to the next
 * process in turn.
 */

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const OPERATOR_TOKEN = 'deployment-operator-token-0123456789abcdef';

/** The guide's nginx block, with this machine's ports. */
function nginxSite(upstreamPorts: [number, number], listenPort: number): string {
  const guide = readFileSync(path.join(repoRoot, 'docs/operations/deployment.md'), 'utf8');
  const site = [...guide.matchAll(/```nginx\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((block) => block.includes('upstream tanqin'));
  if (!site) throw new Error('deployment.md has no nginx block with the upstream');
  const replaced = site
    .replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreamPorts[0]} `)
    .replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${upstreamPorts[1]} `)
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`);
  expect(replaced).not.toContain(':3001');
  expect(replaced).not.toContain('listen 80;');
  return replaced;
}

/** nginx in the foreground on `port`, its files in a folder of its own. */
async function startNginx(site: string, port: number) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'tanqin-nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(prefix, folder));
  }
  const temp = (name: string) =>
    `${name}_temp_path ${path.join(prefix, name === 'client_body' ? 'body' : name)};`;
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${prefix}/access.log;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}`;
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(NGINX, ['-p', prefix, '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 20_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const ready = await fetch(`${baseUrl}/api/v1/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) throw new Error(`nginx not answering: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    child: child as ChildProcess,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Requests each process has answered for routes matching `route`, from its own /metrics. */
async function answeredBy(server: ServerProcess, route: RegExp) {
  const text = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  }).then((res) => res.text());
  let count = 0;
  for (const [, labels, value] of text.matchAll(
    /^tanqin_http_request_duration_seconds_count\{(.*)\} (\S+)$/gm,
  )) {
    const routeLabel = /route="([^"]*)"/.exec(labels!)?.[1] ?? '';
    if (route.test(routeLabel)) count += Number(value);
  }
  return count;
}

describe('the deployment guide: two server processes behind nginx on PostgreSQL and Redis', () => {
  const databaseName = `tanqin_ops_${randomBytes(5).toString('hex')}`;
  const servers: (ServerProcess & { dataDir: string })[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let site: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const nginxPort = await freePort();
    for (const name of ['first', 'second']) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `tanqin-ops-${name}-`));
      // One after the other: the first migrates the new database.
      const server = await startServer({
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: 'redis://127.0.0.1:6379/3',
        DATA_DIR: dataDir,
        JWT_SECRET: 'deployment-jwt-secret-0123456789abcdef',
        TOKEN_PEPPER: 'deployment-pepper-0123456789abcdef01234',
        OPERATOR_TOKEN,
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: '127.0.0.1',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
      });
      servers.push(Object.assign(server, { dataDir }));
    }
    site = nginxSite([servers[0]!.port, servers[1]!.port], nginxPort);
    nginx = await startNginx(site, nginxPort);
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it("runs an organisation's journey through the proxy, with nginx's request id, its job sent once", async () => {
    const issuer = await createIntegrator(nginx.baseUrl);
    const audience = await createIntegrator(nginx.baseUrl);
    const generated = await issuer.call('POST', '/v1/tokens/generate', {
      data: { name: 'سارة' },
      audience: audience.organization.client_id,
      expires_in: 600,
    });
    expect(generated.status).toBe(201);
    const verified = await audience.call('POST', '/v1/tokens/verify', {
      token: generated.body.token,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ name: 'سارة' });
    const again = await audience.call('POST', '/v1/tokens/verify', { token: generated.body.token });
    expect(again.status).toBe(410);

    // nginx's $request_id reaches the server and comes back; the client is who nginx saw.
    const health = await fetch(`${nginx.baseUrl}/api/v1/health/ready`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    // Metrics never through the public address.
    const metrics = await request(nginx.baseUrl, 'GET', '/metrics', { token: OPERATOR_TOKEN });
    expect(metrics.status).toBe(404);
    // Both processes answered some of it.
    for (const server of servers) {
      expect(await answeredBy(server, /^\/(v1|api\/v1)\//)).toBeGreaterThan(2);
    }

    // The sign-in from a new device queued one account notice; the job that sends it runs on
    // both processes, and it is sent once.
    const adminEmail = issuer.admin.email;
    const sent = () =>
      servers.flatMap((server) => outboxIn(server.dataDir)).filter((m) => m.to === adminEmail);
    await expect.poll(() => sent().length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    const db = new pg.Client({
      connectionString: adminUrl.replace(/\/[^/]*$/, `/${databaseName}`),
    });
    await db.connect();
    await expect
      .poll(
        async () =>
          (
            await db.query(
              'select count(*)::int as n from account_notices n join users u on u.id = n.user_id where u.email = $1',
              [adminEmail],
            )
          ).rows[0].n,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(0);
    await db.end();
    expect(sent()).toHaveLength(1);
  });

  it("runs a person's journey with the identity proof's steps landing on both processes", async () => {
    const headers = fromIp(freshIp());
    const body = registrationBody();
    const registered = await request(nginx.baseUrl, 'POST', '/api/v1/auth/register/individual', {
      json: body,
      headers,
    });
    expect(registered.status).toBe(201);
    const code = servers
      .flatMap((server) => outboxIn(server.dataDir))
      .filter((m) => m.to === body.phoneNumber)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    const confirmed = await request(nginx.baseUrl, 'POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code },
      headers,
    });
    expect(confirmed.status).toBe(200);
    const login = await request(nginx.baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: body.email, password: body.password },
      headers,
    });
    const token = login.body.token as string;

    const idpBefore = await Promise.all(servers.map((s) => answeredBy(s, /^\/dev-idp/)));
    const start = await request(nginx.baseUrl, 'POST', '/api/v1/individuals/me/identity/start', {
      token,
    });
    expect(start.status).toBe(200);
    const callback = await signInAtDevProvider(start.body.authorization_url, body.nationalId!);
    const proof = await request(nginx.baseUrl, 'POST', '/api/v1/individuals/me/identity/complete', {
      token,
      json: callback,
    });
    expect(proof.status).toBe(200);
    expect(proof.body.identity).toMatchObject({ proven: true });
    // The provider's pages and the relying party's calls to it were shared by the two processes.
    const idpAfter = await Promise.all(servers.map((s) => answeredBy(s, /^\/dev-idp/)));
    expect(idpAfter[0]! - idpBefore[0]!).toBeGreaterThan(0);
    expect(idpAfter[1]! - idpBefore[1]!).toBeGreaterThan(0);

    const codes = await request(nginx.baseUrl, 'GET', '/api/v1/individuals/me/tokens', { token });
    expect(codes.status).toBe(200);
  });

  it('loses no request while one process is stopped in the middle of a run of reads and writes', async () => {
    const org = await createIntegrator(nginx.baseUrl, {
      rate_limit_per_minute: 100_000,
      rate_limit_per_hour: 1_000_000,
    });
    const first = await org.call('POST', '/v1/tokens/generate', {
      data: { n: 0 },
      expires_in: 600,
    });
    expect(first.status).toBe(201);
    const failures: string[] = [];
    let reads = 0;
    let writes = 0;
    let running = true;
    const worker = async (n: number) => {
      while (running) {
        const isWrite = (reads + writes + n) % 2 === 0;
        const res = await (isWrite
          ? org.call('POST', '/v1/tokens/generate', { data: { n }, expires_in: 600 })
          : org.call('GET', `/v1/tokens/${first.body.token_id}/status`)
        ).catch((error: Error) => ({ status: 0, body: error.message }));
        if (isWrite) writes++;
        else reads++;
        if (res.status !== (isWrite ? 201 : 200)) {
          failures.push(`${isWrite ? 'write' : 'read'} ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await expect.poll(() => reads + writes, { timeout: 20_000, interval: 20 }).toBeGreaterThan(100);
    const stopped = servers[0]!;
    const atSignal = reads + writes;
    const signalledAt = Date.now();
    stopped.child.kill('SIGTERM');
    const code = await stopped.exited;
    const stopMs = Date.now() - signalledAt;
    const duringStop = reads + writes - atSignal;
    await expect
      .poll(() => reads + writes, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(atSignal + duringStop + 100);
    running = false;
    await Promise.all(workers);
    console.log(
      `rolling stop through nginx: ${reads} reads, ${writes} writes, ${duringStop} during the ` +
        `${stopMs} ms stop, ${failures.length} failed`,
    );
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    expect(failures).toEqual([]);
    expect(duringStop).toBeGreaterThan(0);
  });
});
