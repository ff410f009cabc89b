import type { Redis } from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS, type RedisLink } from '../redis-link.ts';
import type { InvalidationTransport } from './transport.ts';

/**
 * Redis pub/sub: one connection publishes, one (in subscriber mode) listens; both are the link's,
 * so they fail fast and log through it. A publish while Redis does not answer fails at once (one
 * sent while the first connection is being made waits for it).
 */
export function redisTransport(link: RedisLink, channel: string): InvalidationTransport {
  const publisher = link.client(`tanqin-publisher-${process.pid}`);
  let subscriber: Redis | undefined;
  return {
    send: async (payload) => {
      await link.firstConnection(publisher);
      try {
        await publisher.publish(channel, payload);
      } catch (error) {
        link.failed(publisher, error);
        throw error;
      }
    },
    async listen(handlers) {
      subscriber = link.client(
        `tanqin-listener-${process.pid}`,
        {
          lazyConnect: true,
          // Subscribed again by hand on every connection, so `onListening` follows the SUBSCRIBE.
          autoResubscribe: false,
        },
        { probe: false },
      );
      const current = subscriber;
      let isListening = false;
      current.on('message', (from: string, payload: string) => {
        if (from === channel) handlers.onMessage(payload);
      });
      current.on('close', () => {
        if (!isListening) return;
        isListening = false;
        handlers.onLost();
      });
      const subscribed = new Promise<void>((resolve) => {
        current.on('ready', async () => {
          try {
            await current.subscribe(channel);
          } catch {
            current.disconnect(true);
            return;
          }
          isListening = true;
          handlers.onListening();
          resolve();
        });
      });
      // The first attempt, bounded: connected or not, the server starts (caches bypassed meanwhile).
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 3 * REDIS_COMMAND_TIMEOUT_MS);
      });
      await Promise.race([
        current.connect().then(
          () => subscribed,
          () => {},
        ),
        bound,
      ]);
      clearTimeout(timer);
      return {
        async close() {
          current.removeAllListeners('close');
          link.forget(current);
          await current.quit().catch(() => current.disconnect());
        },
      };
    },
    async close() {
      link.forget(publisher);
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
