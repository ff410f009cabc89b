import { spawn } from 'node:child_process';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** New connections a server takes per turn of its event loop at most: see `acceptOnMoreHandles`. */
export const ACCEPTS_PER_TURN = 16;

/**
 * Lets a listening server take up to `handles` new connections per turn of its event loop
 * instead of one.
 *
 * libuv accepts ONE connection per listening handle each time the loop polls (strace: one
 * `accept4` per `epoll_pwait`: Node 20.20, 22.23 and 26.12, libuv 1.46-1.52). Under load a
 * turn lasts as long as the requests of the connections already open take, so 50 connections
 * opened at once wait for their accept in a staircase of 0.2-1 s (bench/README.md, "PGlite's
 * tail"). More handles on the same socket each take one connection per turn from its one accept
 * queue: the socket's descriptor is duplicated by passing it to a short-lived child process and
 * back (Node has no `dup`), and each copy listens in this process, handing its connections to
 * `server`. The child never listens, so it never takes a connection.
 *
 * Resolves a function that closes the extra handles (the caller's `server.close` does not).
 * Where the descriptor cannot be duplicated, the server keeps its one handle.
 */
export async function acceptOnMoreHandles(
  server: net.Server,
  handles: number,
): Promise<() => void> {
  const listening = (server as unknown as { _handle?: object })._handle;
  const extra: net.Server[] = [];
  const closeExtra = () => {
    for (const handle of extra) handle.close();
  };
  if (handles <= 1 || !listening || !server.address() || typeof server.address() === 'string') {
    return closeExtra;
  }
  const child = spawn(
    process.execPath,
    ['-e', "process.on('message', (m, h) => process.send(m, h))"],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: {},
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', () => reject(new Error('descriptor copier exited')));
      child.on('message', (_message, copy) => {
        const handle = net.createServer((socket) => server.emit('connection', socket));
        // An accept that fails (out of descriptors) is the server's error, as on its own handle.
        handle.on('error', (error) => server.emit('error', error));
        handle.listen(copy);
        extra.push(handle);
        if (extra.length === handles - 1) resolve();
      });
      for (let i = 1; i < handles; i++) child.send('listening socket', listening as net.Server);
    });
  } catch {
    closeExtra();
    extra.length = 0;
  } finally {
    child.kill();
  }
  return closeExtra;
}

/** `app.listen`, then more handles on its socket (closed when the app closes). */
export async function listenAcceptingMore(
  app: FastifyInstance,
  at: { port: number; host: string },
) {
  let closeExtra = () => {};
  app.addHook('preClose', async () => closeExtra());
  await app.listen(at);
  closeExtra = await acceptOnMoreHandles(app.server, ACCEPTS_PER_TURN);
}
