import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/** Listening sockets a server opens on its port where Node can share one (`reusePort`). */
export const LISTENING_SOCKETS = 16;

/** `listen({ reusePort })` (SO_REUSEPORT) exists from Node 22.12 and 23.1, on Linux. */
export function canReusePort(version = process.versions.node, platform = process.platform) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (
    platform === 'linux' &&
    (major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12))
  );
}

/**
 * `app.listen`, on LISTENING_SOCKETS sockets of its port where Node has `reusePort`, else one.
 *
 * libuv accepts one connection per listening socket each time the event loop polls, so a burst
 * of new connections (50 callers opening theirs at once) waits for its accepts in a staircase of
 * 0.2-1 s under load (bench/README.md, "PGlite's tail"). With several sockets on the port the
 * kernel spreads new connections over their queues and a turn takes one from each; every
 * connection is served by the app's own server. Behind a proxy that keeps its connections alive
 * (docs/operations) such bursts do not happen at all.
 *
 * Resolves a function that stops taking connections (every socket on the port closed) and leaves
 * the open ones as they are, for a stop that drains them (server-stop.ts).
 */
export async function listenOnSharedPort(
  app: FastifyInstance,
  at: { port: number; host: string },
  sockets = LISTENING_SOCKETS,
): Promise<() => void> {
  const shared = sockets > 1 && canReusePort();
  const extra: net.Server[] = [];
  app.addHook('preClose', async () => {
    for (const server of extra) server.close();
  });
  // Fastify hands its listen options to net's listen as they are.
  await app.listen({ ...at, ...(shared && { reusePort: true }) } as FastifyListenOptions);
  const stopAccepting = () => {
    for (const server of extra) server.close();
    // net's close, not http's: that one also closes the idle connections at once.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
  };
  if (!shared) return stopAccepting;
  const { port } = app.server.address() as net.AddressInfo;
  for (let i = 1; i < sockets; i++) {
    const server = net.createServer((socket) => app.server.emit('connection', socket));
    // An accept that fails (out of descriptors) is the server's error, as on its own socket.
    server.on('error', (error) => app.server.emit('error', error));
    await new Promise<void>((resolve) =>
      server.listen({ port, host: at.host, reusePort: true } as net.ListenOptions, resolve),
    );
    extra.push(server);
  }
  return stopAccepting;
}
