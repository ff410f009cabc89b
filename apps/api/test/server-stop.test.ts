import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';
import { signupBody } from './harness.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/** A raw connection: what it received, and when it was closed (ms after it opened). */
function connect(port: number, send = '') {
  const openedAt = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  if (send) void connected.then(() => socket.write(send));
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - openedAt)),
  );
  return { socket, connected, closed, received: () => received };
}

/** Resolves once a new connection to the port is refused (the process stopped taking them). */
async function refusedAt(port: number) {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const HALF_HEADERS = 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: ';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

function serverEnv(extra: Record<string, string> = {}) {
  return {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tanqin-stop-')),
    JWT_SECRET: 'stop-test-jwt-secret-0123456789abcdef',
    TOKEN_PEPPER: 'stop-test-pepper-0123456789abcdef01234',
    ...extra,
  };
}

describe('connections that never finish and the stop (a real server process, raw sockets)', () => {
  it('answers 408 and closes connections that send nothing or half their headers, within the headers timeout', async () => {
    server = await startServer(serverEnv({ HEADERS_TIMEOUT_SECONDS: '2' }));
    const silent = Array.from({ length: 32 }, () => connect(server!.port));
    const half = Array.from({ length: 32 }, () => connect(server!.port, HALF_HEADERS));
    await Promise.all([...silent, ...half].map((c) => c.connected));
    const closedAfter = await Promise.all([...silent, ...half].map((c) => c.closed));
    // 2 s to send the headers, the timers checked every second, then the 408 read for a moment.
    expect(Math.max(...closedAfter)).toBeLessThan(5_000);
    expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(1_900);
    for (const connection of [...silent, ...half]) {
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(connection.received()).toContain('"code":"request_timeout"');
    }
    // The server still answers.
    expect((await fetch(`${server.baseUrl}/api/v1/health/live`)).status).toBe(200);
  }, 90_000);

  it('on SIGTERM: not ready, no new connection, the request in flight answered and written, the rest closed, exit 0 within 10 s', async () => {
    const env = serverEnv();
    server = await startServer(env);
    const { port } = server;
    // 20 connections that sent nothing and 20 with half their headers (10 s headers timeout).
    const idle = [
      ...Array.from({ length: 20 }, () => connect(port)),
      ...Array.from({ length: 20 }, () => connect(port, HALF_HEADERS)),
    ];
    // A kept-alive connection that has had one answer, and a sign-up whose body is half sent.
    const keptAlive = connect(port, 'GET /api/v1/health/ready HTTP/1.1\r\nHost: x\r\n\r\n');
    const body = JSON.stringify(signupBody());
    const signup = connect(
      port,
      `POST /api/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 40)}`,
    );
    await Promise.all([...idle, keptAlive, signup].map((c) => c.connected));
    await expect.poll(() => keptAlive.received(), { timeout: 10_000 }).toContain('"ready"');

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await refusedAt(port);

    // The kept-alive connection is still served: readiness says no, and the connection closes.
    const before = keptAlive.received().length;
    keptAlive.socket.write('GET /api/v1/health/ready HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect
      .poll(() => keptAlive.received().slice(before), { timeout: 5_000 })
      .toContain('"code":"not_ready"');
    expect(keptAlive.received().slice(before)).toMatch(/^HTTP\/1\.1 503 /);
    expect(keptAlive.received().slice(before).toLowerCase()).toContain('connection: close');
    expect(keptAlive.received()).toMatch(/x-request-id: [0-9a-f-]{36}/i);

    // The request in flight gets the rest of its body and is answered.
    signup.socket.write(body.slice(40));
    await signup.closed;
    expect(signup.received()).toMatch(/^HTTP\/1\.1 201 /);

    const code = await server.exited;
    const stopMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    console.log(`stop with ${idle.length} unfinished connections open: ${stopMs} ms`);
    await Promise.all(idle.map((c) => c.closed));

    // What the answered sign-up wrote is in the database.
    const db = await openPglite(path.join(env.DATA_DIR, 'pglite'));
    const [row] = await db.query<{ count: number }>(
      'select count(*)::int as count from organizations where email = $1',
      [JSON.parse(body).email],
    );
    await db.close();
    expect(row!.count).toBe(1);
  }, 90_000);
});
