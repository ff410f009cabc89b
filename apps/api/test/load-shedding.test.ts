import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, request, startTestServer, type TestServer } from './harness.ts';

/** A request whose body comes only on `finish()`: admitted, it stays in flight until then. */
async function requestInFlight(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  const body = JSON.stringify({ pad: 'x'.repeat(90) });
  socket.write(
    `POST /api/v1/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body[0]}`,
  );
  return {
    /** Sends the rest of the body; resolves the status line of the answer. */
    async finish() {
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.end(body.slice(1));
      await closed;
      return answer.split('\r\n')[0];
    },
  };
}

describe.each(databaseKinds)('load shedding on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '1' },
    });
  });
  afterAll(() => server.close());
  const load = () => ({
    inFlight: server.ctx.load?.inFlight(),
    waiting: server.ctx.load?.waiting(),
  });

  it('lets one request wait for a place in order, and answers 503 overloaded with Retry-After past both, at once', async () => {
    const held = await requestInFlight(server.baseUrl);
    await expect.poll(load).toEqual({ inFlight: 1, waiting: 0 });
    // The next one waits for the held one's place instead of being refused.
    const waiting = request(server.baseUrl, 'GET', '/api/v1/config');
    await expect.poll(load).toEqual({ inFlight: 1, waiting: 1 });

    const shed = await request(server.baseUrl, 'GET', '/api/v1/config');
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('content-type')).toContain('application/problem+json');
    expect(shed.body).toMatchObject({ code: 'overloaded', status: 503 });

    // The token endpoint says the same in its own (RFC 6749) words.
    const token = await request(server.baseUrl, 'POST', '/v1/oauth/token', {
      json: { grant_type: 'client_credentials' },
    });
    expect(token.status).toBe(503);
    expect(token.headers.get('retry-after')).toBe('1');
    expect(token.body).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.any(String),
    });

    // The web app's pages are never shed.
    expect((await request(server.baseUrl, 'GET', '/')).status).toBeLessThan(500);

    // The held request, finished, is answered as usual (its body is no contact message), and
    // the waiting one gets its place.
    expect(await held.finish()).toBe('HTTP/1.1 400 Bad Request');
    expect((await waiting).status).toBe(200);
    await expect.poll(load).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('gives up the turn of a caller that goes away while waiting', async () => {
    const held = await requestInFlight(server.baseUrl);
    await expect.poll(load).toEqual({ inFlight: 1, waiting: 0 });
    const gone = new AbortController();
    const abandoned = fetch(`${server.baseUrl}/api/v1/config`, { signal: gone.signal }).catch(
      (error: Error) => error.name,
    );
    await expect.poll(load).toEqual({ inFlight: 1, waiting: 1 });
    gone.abort();
    expect(await abandoned).toBe('AbortError');
    await expect.poll(load).toEqual({ inFlight: 1, waiting: 0 });
    expect(await held.finish()).toBe('HTTP/1.1 400 Bad Request');
    await expect.poll(load).toEqual({ inFlight: 0, waiting: 0 });
    expect((await request(server.baseUrl, 'GET', '/api/v1/config')).status).toBe(200);
  });
});
