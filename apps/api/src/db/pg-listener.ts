import pg from 'pg';
import type { Database, ListenHandlers } from './database.ts';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2_000;

/**
 * `LISTEN` on a PostgreSQL connection of its own (a pooled one would be handed to queries).
 * A lost connection is reported, then retried with a doubling wait until it listens again.
 */
export function listenOnPostgres(clientConfig: pg.ClientConfig): Database['listen'] {
  return async (channel: string, handlers: ListenHandlers) => {
    let current: pg.Client | undefined;
    let isClosed = false;
    let retryMs = FIRST_RETRY_MS;
    let retryTimer: NodeJS.Timeout | undefined;

    const scheduleRetry = () => {
      if (isClosed || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        void connect();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
    };

    const connect = async () => {
      const client = new pg.Client({
        ...clientConfig,
        keepAlive: true,
        application_name: 'tanqin-listener',
      });
      let isGone = false;
      const onGone = () => {
        if (isGone) return;
        isGone = true;
        client.end().catch(() => {});
        if (current === client) {
          current = undefined;
          handlers.onLost();
        }
        scheduleRetry();
      };
      client.on('error', onGone);
      client.on('end', onGone);
      client.on('notification', (message) => {
        if (message.channel === channel) handlers.onMessage(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch {
        onGone();
        return;
      }
      if (isGone) return;
      if (isClosed) {
        isGone = true;
        await client.end().catch(() => {});
        return;
      }
      current = client;
      retryMs = FIRST_RETRY_MS;
      handlers.onListening();
    };

    await connect();
    return {
      async close() {
        isClosed = true;
        clearTimeout(retryTimer);
        const client = current;
        current = undefined;
        await client?.end().catch(() => {});
      },
    };
  };
}
