import net from 'node:net';

/**
 * A TCP proxy in front of a real server (Redis) that the test can make stall, the way a
 * SIGSTOPped redis-server does: while stalled, connections stay open and are still accepted, and
 * what either side sends is held (in order), to be delivered when it resumes. Nothing is lost or
 * closed by a stall; a side that closes meanwhile is closed after what it sent before.
 */
export async function stallingProxy(target: { host: string; port: number }) {
  let isStalled = false;
  /** What arrived while stalled, in arrival order. */
  let held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  let accepted = 0;

  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (isStalled) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('end', () => {
      if (isStalled) held.push(() => to.end());
      else to.end();
    });
    from.on('error', () => {});
    from.on('close', () => {
      sockets.delete(from);
      // Reset by its side: the other is dropped at once (nothing held is lost by a clean end).
      if (from.destroyed && !from.readableEnded) to.destroy();
    });
  };

  // Half-open allowed: a side's end is passed on (or held) like its data, as a kernel would.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    accepted++;
    const upstream = net.connect({ port: target.port, host: target.host, allowHalfOpen: true });
    sockets.add(client);
    sockets.add(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    url: (database = 0) => `redis://127.0.0.1:${port}/${database}`,
    /** Connections accepted so far (a new one: a client connected again). */
    accepted: () => accepted,
    stall() {
      isStalled = true;
    },
    resume() {
      const pending = held;
      held = [];
      isStalled = false;
      for (const deliver of pending) deliver();
    },
    async close() {
      this.resume();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
