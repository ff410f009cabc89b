import { Redis } from 'ioredis';
import type { InvalidationTransport } from './transport.ts';

const MAX_RETRY_MS = 2_000;
const retryStrategy = (attempt: number) => Math.min(MAX_RETRY_MS, 50 * 2 ** attempt);

/** Redis pub/sub: one connection publishes, one (in subscriber mode) listens. */
export function redisTransport(url: string, channel: string): InvalidationTransport {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, retryStrategy });
  publisher.on('error', () => {
    // Reconnects by itself; a publish meanwhile fails and is logged by the bus.
  });
  return {
    send: async (payload) => {
      await publisher.publish(channel, payload);
    },
    async listen(handlers) {
      const subscriber = new Redis(url, {
        lazyConnect: true,
        // Subscribed again by hand on every connection, so `onListening` follows the SUBSCRIBE.
        autoResubscribe: false,
        connectionName: `tanqin-listener-${process.pid}`,
        maxRetriesPerRequest: null,
        retryStrategy,
      });
      let isListening = false;
      subscriber.on('error', () => {});
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) handlers.onMessage(payload);
      });
      subscriber.on('close', () => {
        if (!isListening) return;
        isListening = false;
        handlers.onLost();
      });
      const subscribed = new Promise<void>((resolve) => {
        subscriber.on('ready', async () => {
          try {
            await subscriber.subscribe(channel);
          } catch {
            subscriber.disconnect(true);
            return;
          }
          isListening = true;
          handlers.onListening();
          resolve();
        });
      });
      // The first attempt: connected or not, the server starts (caches bypassed meanwhile).
      await subscriber.connect().then(
        () => subscribed,
        () => {},
      );
      return {
        async close() {
          subscriber.removeAllListeners('close');
          await subscriber.quit().catch(() => subscriber.disconnect());
        },
      };
    },
    async close() {
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
