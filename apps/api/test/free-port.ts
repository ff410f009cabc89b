import net from 'node:net';

/**
 * A port nothing listens on now, for a server that must know its own address (PUBLIC_URL) before
 * it starts. Chosen below the kernel's ephemeral range (32768-60999 on Linux): a port from that
 * range, freed again after the probe, was soon handed to another test's `listen(0)` or outgoing
 * connection while this server was still starting, and a request meant for it reached the
 * other server (a 503 from one that was closing).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  }
}
