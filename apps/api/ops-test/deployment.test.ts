import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogOrigin } from '../src/config.ts';
import { generateNoteSigner } from '../src/lib/note-signer.ts';
import {
  type FakeIdentityProvider,
  jwt,
  rsaKey,
  startFakeIdentityProvider,
} from '../test/fake-identity-provider.ts';
import { createIntegrator, emptyPostgresDatabase, request } from '../test/harness.ts';
import { freshIp, fromIp, outboxIn, registrationBody } from '../test/individuals-helpers.ts';
import { freePort, repoRoot } from '../test/server-process.ts';
import {
  envFileFor,
  localCertificate,
  nginxSiteFor,
  startNginx,
  startSupervisor,
  type UnitProcess,
} from './deploy-files.ts';

/*
 * docs/operations/deployment.md, followed with the files of deploy/: PostgreSQL, Redis, two
 * server processes started as deploy/systemd/tanqin@.service starts them (NODE_ENV=production,
 * /etc/tanqin/env from deploy/tanqin.env.example with real random secrets), Debian's nginx with
 * deploy/nginx/tanqin.conf (TLS with a certificate of the test's), and deploy/rolling-restart.sh
 * run under 20 clients. Only ports, paths and secrets are the test's own.
 */

const secret = () => randomBytes(32).toString('base64');
const CLIENTS = 20;

/** Requests each process has answered for routes matching `route`, from its own /metrics. */
async function answeredBy(port: number, operatorToken: string, route: RegExp) {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${operatorToken}` },
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

describe('deploy/: two production server processes behind nginx on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-ops-data-'));
  const tlsDir = mkdtempSync(path.join(tmpdir(), 'tanqin-tls-'));
  const operatorToken = secret();
  let ports: number[];
  let baseUrl: string;
  let httpPort: number;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let supervisor: Awaited<ReturnType<typeof startSupervisor>>;
  let provider: FakeIdentityProvider;
  const IDENTITY_CLIENT_ID = 'tanqin-ops-test';

  beforeAll(async () => {
    database = await emptyPostgresDatabase('tanqin_ops');
    ports = [await freePort(), await freePort()];
    httpPort = await freePort();
    const httpsPort = await freePort();
    baseUrl = `https://127.0.0.1:${httpsPort}`;
    const certificate = localCertificate(tlsDir);
    certificate.trust();
    // The national identity provider: a real OpenID Connect server over https (its discovery,
    // keys and token endpoint), with a certificate of the same test authority.
    provider = await startFakeIdentityProvider(rsaKey('unused'), {
      key: readFileSync(certificate.key),
      cert: readFileSync(certificate.cert),
    });

    const { env } = envFileFor(
      {
        PUBLIC_URL: baseUrl,
        DATABASE_URL: database!.url,
        REDIS_URL: 'redis://127.0.0.1:6379/3',
        DATA_DIR: dataDir,
        JWT_SECRET: secret(),
        TOKEN_PEPPER: secret(),
        OPERATOR_TOKEN: operatorToken,
        AUDIT_SIGNING_KEY: generateNoteSigner(auditLogOrigin(baseUrl)),
        IDENTITY_ISSUER: provider.issuer,
        IDENTITY_CLIENT_ID,
        IDENTITY_CLIENT_SECRET: secret(),
        MAIL_FROM: 'Tanqin <no-reply@tanqin.example.sa>',
      },
      // Mail against a real SMTP server and SMS against a server speaking Twilio's API are tested
      // from a production process of their own (messages.test.ts); here every message goes to
      // the outbox in DATA_DIR, where the test reads the codes.
      {
        SMTP_URL: 'tested elsewhere',
        SMS_PROVIDER: 'tested elsewhere',
        TWILIO_ACCOUNT_SID: 'tested elsewhere',
        TWILIO_AUTH_TOKEN: 'tested elsewhere',
        SMS_FROM: 'tested elsewhere',
      },
      {
        MESSAGES_TO_OUTBOX: 'true',
        // The test's certificate authority, which signed nginx's and the provider's certificates.
        NODE_EXTRA_CA_CERTS: certificate.cert,
      },
    );
    supervisor = await startSupervisor(env);
    // One after the other: the first migrates the new database.
    for (const port of ports) await supervisor.start(port).ready;
    const site = nginxSiteFor({
      upstreamPorts: ports,
      httpPort,
      httpsPort,
      cert: certificate.cert,
      key: certificate.key,
    });
    nginx = await startNginx(site, `${baseUrl}/api/v1/health/ready`);
    console.log(
      `production start to ready: ${supervisor.starts.map((s) => `tanqin@${s.port} ${s.ms} ms`).join(', ')}`,
    );
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await supervisor?.close();
    await provider?.close();
    for (const folder of [dataDir, tlsDir]) rmSync(folder, { recursive: true, force: true });
    await database?.drop();
  });

  const unit = (port: number) => supervisor.units.get(port) as UnitProcess;

  it("runs an organisation's journey over TLS through nginx, with its request id, a notice sent once", async () => {
    // Plain HTTP is sent to HTTPS.
    const plain = await fetch(`http://127.0.0.1:${httpPort}/api/v1/health`, {
      redirect: 'manual',
    });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\//);

    const issuer = await createIntegrator(baseUrl);
    const audience = await createIntegrator(baseUrl);
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

    // nginx's $request_id reaches the server and comes back; production answers with HSTS.
    const health = await fetch(`${baseUrl}/api/v1/health/ready`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(health.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // Metrics never through the public address.
    const metrics = await request(baseUrl, 'GET', '/metrics', { token: operatorToken });
    expect(metrics.status).toBe(404);
    // Both processes answered some of it.
    for (const port of ports) {
      expect(await answeredBy(port, operatorToken, /^\/(v1|api\/v1)\//)).toBeGreaterThan(2);
    }

    // The sign-in from a new device queued one account notice; the job that sends it runs on
    // both processes, and it is sent once.
    const adminEmail = issuer.admin.email;
    const sent = () => outboxIn(dataDir).filter((m) => m.to === adminEmail);
    await expect.poll(() => sent().length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    const db = new pg.Client({
      connectionString: database!.url,
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

  it("runs a person's registration, confirmation, sign-in and identity proof across both processes", async () => {
    const headers = fromIp(freshIp());
    const body = registrationBody();
    const registered = await request(baseUrl, 'POST', '/api/v1/auth/register/individual', {
      json: body,
      headers,
    });
    expect(registered.status).toBe(201);
    const code = outboxIn(dataDir)
      .filter((m) => m.to === body.phoneNumber)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    const confirmed = await request(baseUrl, 'POST', '/api/v1/auth/verify/individual', {
      token: registered.body.token,
      json: { method: 'sms', code },
      headers,
    });
    expect(confirmed.status).toBe(200);
    const login = await request(baseUrl, 'POST', '/api/v1/auth/login', {
      json: { email: body.email, password: body.password },
      headers,
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;

    // The proof starts on one process and completes on the other (nginx alternates): the
    // provider's discovery and keys are fetched over https, its state kept in the database.
    const start = await request(baseUrl, 'POST', '/api/v1/individuals/me/identity/start', {
      token,
    });
    expect(start.status).toBe(200);
    const authorization = new URL(start.body.authorization_url);
    expect(authorization.origin).toBe(new URL(provider.issuer).origin);
    const now = Math.floor(Date.now() / 1000);
    provider.answerWith(
      jwt(
        { alg: 'RS256', kid: provider.key.kid },
        {
          iss: provider.issuer,
          aud: IDENTITY_CLIENT_ID,
          sub: `subject-${body.nationalId}`,
          nonce: authorization.searchParams.get('nonce'),
          iat: now,
          exp: now + 300,
          national_id: body.nationalId,
        },
        { rsa: provider.key.privateKey },
      ),
    );
    const proof = await request(baseUrl, 'POST', '/api/v1/individuals/me/identity/complete', {
      token,
      json: { code: 'authorization-code', state: authorization.searchParams.get('state') },
    });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    // Read twice: each process sees the proof.
    for (let i = 0; i < 2; i++) {
      const identity = await request(baseUrl, 'GET', '/api/v1/individuals/me/identity', {
        token,
      });
      expect(identity.status).toBe(200);
      expect(identity.body).toMatchObject({ proven: true });
    }
    const codes = await request(baseUrl, 'GET', '/api/v1/individuals/me/tokens', { token });
    expect(codes.status).toBe(200);
  });

  it(`loses no request of ${CLIENTS} clients while deploy/rolling-restart.sh restarts each process`, async () => {
    const org = await createIntegrator(baseUrl, {
      rate_limit_per_minute: 100_000,
      rate_limit_per_hour: 1_000_000,
    });
    const first = await org.call('POST', '/v1/tokens/generate', {
      data: { n: 0 },
      expires_in: 600,
    });
    expect(first.status).toBe(201);
    const before = new Map(ports.map((port) => [port, unit(port).child.pid]));
    const failures: string[] = [];
    let reads = 0;
    let writes = 0;
    let running = true;
    const client = async (n: number) => {
      for (let i = n; running; i++) {
        const isWrite = i % 2 === 0;
        const res = await (isWrite
          ? org.call('POST', '/v1/tokens/generate', { data: { n }, expires_in: 600 })
          : org.call('GET', `/v1/tokens/${first.body.token_id}/status`)
        ).catch((error: Error) => ({ status: 0, body: `${error.message} ${error.cause ?? ''}` }));
        if (isWrite) writes++;
        else reads++;
        if (res.status !== (isWrite ? 201 : 200)) {
          failures.push(`${isWrite ? 'write' : 'read'} ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    await expect.poll(() => reads + writes, { timeout: 20_000, interval: 20 }).toBeGreaterThan(200);

    const startedAt = Date.now();
    const atStart = reads + writes;
    const script = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        'sh',
        [path.join(repoRoot, 'deploy/rolling-restart.sh'), ...ports.map(String)],
        { env: { PATH: supervisor.path }, timeout: 200_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    const restartMs = Date.now() - startedAt;
    const during = reads + writes - atStart;
    await expect
      .poll(() => reads + writes, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(atStart + during + 200);
    running = false;
    await Promise.all(clients);

    const { stops, starts } = supervisor;
    const restarted = starts.slice(ports.length);
    console.log(
      `rolling restart through nginx, ${CLIENTS} clients: ${reads} reads, ${writes} writes, ` +
        `${during} during the ${restartMs} ms restart, ${failures.length} failed\n` +
        `  SIGTERM to exit: ${stops.map((s) => `tanqin@${s.port} ${s.ms} ms (status ${s.code})`).join(', ')}\n` +
        `  start to ready:  ${restarted.map((s) => `tanqin@${s.port} ${s.ms} ms`).join(', ')}`,
    );
    if (failures.length > 0) {
      // What nginx saw: refusals of a stopped process are expected (the request went on to the
      // other one); anything else is why a request failed.
      const lines = nginx.errorLog().split('\n').filter(Boolean);
      const refused = lines.filter((line) => line.includes('(111: Connection refused)'));
      console.log(
        `nginx error log: ${refused.length} refused connections, and:\n` +
          lines
            .filter((line) => !refused.includes(line))
            .slice(-20)
            .join('\n'),
      );
    }
    expect(script.code, script.output).toBe(0);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(failures).toHaveLength(0);
    // Each process was stopped cleanly within the bound, and a new one took its port.
    expect(stops.map((s) => s.port)).toEqual(ports);
    for (const stop of stops) {
      expect(stop.code).toBe(0);
      expect(stop.ms).toBeLessThan(10_000);
    }
    expect(restarted.map((s) => s.port).sort()).toEqual([...ports].sort());
    for (const port of ports) {
      expect(unit(port).child.pid).not.toBe(before.get(port));
      // The new processes answered the clients through nginx.
      expect(await answeredBy(port, operatorToken, /^\/v1\//)).toBeGreaterThan(0);
    }
    expect(during).toBeGreaterThan(0);
  }, 300_000);
});
