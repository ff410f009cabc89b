import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPTS_PER_TURN, acceptOnMoreHandles, listenAcceptingMore } from './accept-handles.ts';

/** This process's descriptors of the socket listening on `port` (Linux: /proc). */
function listeningDescriptors(port: number): number {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(`:${portHex}`) && fields[3] === '0A')
    .map((fields) => `socket:[${fields[9]}]`);
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return inodes.includes(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      return false;
    }
  }).length;
}

describe('accepting on more handles of one listening socket', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const listen = async () => {
    const server = http.createServer((_request, response) => response.end('served'));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };

  it('listens on copies of the socket, serves what each takes, and closes them', async () => {
    const { server, port } = await listen();
    const closeExtra = await acceptOnMoreHandles(server, 4);
    expect(listeningDescriptors(port)).toBe(4);

    // Fresh connections, all at once: whichever handle takes one, the server answers it.
    const agent = new http.Agent({ keepAlive: false });
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http.get({ host: '127.0.0.1', port, agent }, resolve).on('error', reject),
        );
        let body = '';
        for await (const chunk of response) body += chunk;
        return body;
      }),
    );
    expect(answers).toEqual(Array(40).fill('served'));

    closeExtra();
    await new Promise((resolve) => setImmediate(resolve));
    expect(listeningDescriptors(port)).toBe(1);
  });

  it('keeps one handle when asked for one', async () => {
    const { server, port } = await listen();
    await acceptOnMoreHandles(server, 1);
    expect(listeningDescriptors(port)).toBe(1);
  });

  it('listens for an app on as many handles as it accepts a turn, and closes them with it', async () => {
    const app = Fastify();
    app.get('/', async () => 'served');
    await listenAcceptingMore(app, { port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect(listeningDescriptors(port)).toBe(ACCEPTS_PER_TURN);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('served');
    await app.close();
    expect(listeningDescriptors(port)).toBe(0);
  });
});
