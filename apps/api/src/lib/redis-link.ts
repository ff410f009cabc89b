import { Redis, type RedisOptions } from 'ioredis';

/** What readiness reports: every connection to Redis is up, or PostgreSQL stands in for it. */
export type RedisState = 'ok' | 'degraded';

interface LinkLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Redis answers in well under a millisecond: a command unanswered this long means it is gone
 * (or stalled), and the caller falls back to PostgreSQL instead of waiting.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;
/** How often an idle connection is checked, so a Redis that stalls is noticed without a call. */
const PROBE_EVERY_MS = 2_000;
const MAX_RETRY_MS = 2_000;

type ClientState = 'starting' | 'up' | 'down';

const isTimeout = (message: string) => /timed? ?out/i.test(message);

/**
 * The process's connections to REDIS_URL, made to fail fast: no offline queue (a command while
 * disconnected is refused at once), no retry of a command, a timeout on every command; each
 * reconnects by itself with a doubling wait up to 2 s. Their errors never reach stderr (ioredis
 * prints unhandled ones as plain text): the link logs one JSON line when Redis stops answering
 * and one when it answers again, whatever the number of retries in between.
 */
export class RedisLink {
  /** host:port, never the password of the URL. */
  readonly address: string;
  private readonly url: string;
  private readonly log: LinkLog;
  private readonly clients = new Map<Redis, ClientState>();
  private reported: 'starting' | RedisState = 'starting';
  private lastError: string | undefined;
  private isClosing = false;
  private readonly listeners = new Set<(state: RedisState) => void>();
  private readonly probed = new Set<Redis>();
  /** Connections whose command timed out, being checked with a PING. */
  private readonly checking = new Set<Redis>();
  private probeTimer: NodeJS.Timeout | undefined;

  constructor(url: string, log: LinkLog) {
    this.url = url;
    this.log = log;
    const parsed = new URL(url);
    this.address = `${parsed.hostname}:${parsed.port || '6379'}`;
  }

  /**
   * A new connection, counted in the link's state; checked with a PING every 2 s while idle
   * (`probe`; not for a connection in subscriber mode).
   */
  client(name: string, options: RedisOptions = {}, { probe = true } = {}): Redis {
    const client = new Redis(this.url, {
      connectionName: name,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (attempt) => Math.min(MAX_RETRY_MS, 50 * 2 ** attempt),
      ...options,
    });
    this.clients.set(client, 'starting');
    client.on('error', (error: Error) => {
      this.lastError = error.message;
      this.set(client, client.status === 'ready' ? 'up' : 'down');
    });
    client.on('ready', () => this.set(client, 'up'));
    client.on('close', () => this.set(client, 'down'));
    client.on('end', () => this.set(client, 'down'));
    if (probe) this.probe(client);
    return client;
  }

  private probe(client: Redis) {
    this.probed.add(client);
    if (this.probeTimer) return;
    this.probeTimer = setInterval(() => {
      for (const probed of this.probed) {
        if (RedisLink.isUsable(probed)) probed.ping().catch((error) => this.failed(probed, error));
      }
    }, PROBE_EVERY_MS);
    this.probeTimer.unref();
  }

  /**
   * Resolves once `client`'s first connection is made or has failed (at most the connect timeout):
   * a command sent before that would be refused, although nothing is wrong.
   */
  async firstConnection(client: Redis) {
    if (this.clients.get(client) !== 'starting') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off('ready', done);
        client.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
      client.once('ready', done);
      client.once('close', done);
    });
  }

  /** Whether a command may be sent on `client` now (else the caller goes to PostgreSQL). */
  static isUsable(client: Redis) {
    return client.status === 'ready';
  }

  /**
   * A command on `client` failed. Refused because the connection is down: nothing to do, it is
   * being made again. Timed out while connected: Redis may stall, or this process's event loop
   * was late to read the answer; a PING tells which, and a second timeout drops the connection,
   * made again from scratch (until then every call goes to PostgreSQL at once).
   */
  failed(client: Redis, error: unknown) {
    if (client.status !== 'ready') return;
    const message = (error as Error)?.message ?? String(error);
    if (!isTimeout(message) || this.checking.has(client)) return;
    this.checking.add(client);
    client
      .ping()
      .catch((second: Error) => {
        if (!isTimeout(second.message) || client.status !== 'ready') return;
        this.lastError = `${message} (twice)`;
        client.disconnect(true);
      })
      .finally(() => this.checking.delete(client));
  }

  state(): RedisState {
    return this.reported === 'ok' ? 'ok' : 'degraded';
  }

  /** Called at every change of state (not at the first connection). */
  onChange(listener: (state: RedisState) => void) {
    this.listeners.add(listener);
  }

  async close() {
    this.isClosing = true;
    clearInterval(this.probeTimer);
    await Promise.all(
      [...this.clients.keys()].map((client) =>
        client.status === 'end'
          ? undefined
          : client.quit().then(
              () => {},
              () => client.disconnect(),
            ),
      ),
    );
    this.clients.clear();
  }

  /** Forgets a connection closed for good by its owner. */
  forget(client: Redis) {
    this.clients.delete(client);
    this.probed.delete(client);
    this.set(undefined, undefined);
  }

  private set(client: Redis | undefined, state: ClientState | undefined) {
    if (this.isClosing) return;
    if (client && state && this.clients.has(client)) this.clients.set(client, state);
    const states = [...this.clients.values()];
    // A connection still making its first attempt changes nothing: neither lost nor restored.
    const next: RedisState | undefined = states.includes('down')
      ? 'degraded'
      : states.every((s) => s === 'up')
        ? 'ok'
        : undefined;
    if (!next || next === this.reported) return;
    const previous = this.reported;
    this.reported = next;
    if (next === 'ok') this.lastError = undefined;
    if (next === 'degraded') {
      this.log.warn(
        { redis: this.address, reason: this.lastError ?? 'connection closed' },
        'Redis does not answer: rate limits and cache invalidations go through PostgreSQL until it does',
      );
    } else if (previous === 'degraded') {
      this.log.info(
        { redis: this.address },
        'Redis answers again: rate limits and cache invalidations go through it too',
      );
    }
    if (previous === 'starting' && next === 'ok') return;
    for (const listener of this.listeners) listener(next);
  }
}
