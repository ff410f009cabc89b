import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Lifecycle } from './lib/lifecycle.ts';

/** A stop ends within this: whatever is still open then is closed and the process exits. */
export const STOP_BOUND_MS = 10_000;
/** In-flight requests are awaited this long at most, leaving the rest of the bound for the flushes. */
const REQUESTS_BOUND_MS = 8_000;
/**
 * A client keeping a connection idle gets this long to close it itself before the server does:
 * closing it first races a request the client may be sending on it (a proxy's retry covers a
 * read, not a write), so the deployment guide keeps the proxy's upstream keepalive_timeout shorter.
 */
const IDLE_GRACE_MS = 5_000;
const POLL_MS = 25;

type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/** A request is being answered on the socket (Node's own test in `closeIdleConnections`). */
const isBusy = (socket: HttpSocket) =>
  Boolean(socket._httpMessage && !socket._httpMessage.writableFinished);

/**
 * The open connections of a server, for its stop: while the process drains, each answer closes
 * its connection; `drain` waits for the requests in flight and for the clients to close their
 * idle connections (within the bounds above), then closes what is left.
 */
export function trackConnections(server: Server, lifecycle: Lifecycle) {
  const sockets = new Set<HttpSocket>();
  server.on('connection', (socket: HttpSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Before fastify's listener: the answer has not begun yet.
  server.prependListener('request', (_request, response) => {
    if (lifecycle.isDraining) response.shouldKeepAlive = false;
  });

  return {
    get open() {
      return sockets.size;
    },
    /** Resolves how many connections were still open (and were closed) at the end. */
    async drain(startedAt: number): Promise<number> {
      for (const socket of sockets) {
        const response = socket._httpMessage;
        if (response && !response.headersSent) response.shouldKeepAlive = false;
      }
      for (;;) {
        const elapsed = Date.now() - startedAt;
        const busy = [...sockets].some(isBusy);
        if (
          sockets.size === 0 ||
          (!busy && elapsed >= IDLE_GRACE_MS) ||
          elapsed >= REQUESTS_BOUND_MS
        ) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const left = sockets.size;
      for (const socket of sockets) socket.destroy();
      return left;
    },
  };
}
