import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { canReusePort, LISTENING_SOCKETS, listenOnSharedPort } from './listen.ts';

/** This process's sockets listening on `port` (Linux: /proc). */
function listeningSockets(port: number): number {
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

describe('listening on a shared port', () => {
  it('knows which Node versions have reusePort', () => {
    expect(canReusePort('20.20.2', 'linux')).toBe(false);
    expect(canReusePort('22.11.0', 'linux')).toBe(false);
    expect(canReusePort('22.12.0', 'linux')).toBe(true);
    expect(canReusePort('23.1.0', 'linux')).toBe(true);
    expect(canReusePort('26.0.0', 'linux')).toBe(true);
    expect(canReusePort('26.0.0', 'darwin')).toBe(false);
  });

  it('opens its sockets where Node can share the port, serves a burst on them and closes them with the app', async () => {
    const app = Fastify();
    app.get('/', async () => 'served');
    await listenOnSharedPort(app, { port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect(listeningSockets(port)).toBe(canReusePort() ? LISTENING_SOCKETS : 1);

    // Fresh connections, all at once: whichever socket takes one, the app answers it.
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
    await app.close();
    expect(listeningSockets(port)).toBe(0);
  });
});
