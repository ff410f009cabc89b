import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { EX_CONFIG } from '../config.ts';

/** Exit status when the database never answered (sysexits' EX_UNAVAILABLE). */
export const EX_UNAVAILABLE = 69;

/** Where the start writes what it waits for (a pino logger). */
export interface StartLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** The database did not answer in time, or refused the connection: why, and the exit status. */
export class DatabaseUnavailableError extends Error {
  readonly exitCode: number;
  readonly address: string;
  constructor(message: string, exitCode: number, address: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
    this.exitCode = exitCode;
    this.address = address;
  }
}

/** `host:port` a connection string points at, as node-postgres reads it (no user or password). */
export function databaseAddress(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const host = url.hostname || url.searchParams.get('host') || 'localhost';
    return `${host}:${url.port || url.searchParams.get('port') || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Why a connection failed, in a few words: the system's error code or the server's message. */
function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
  if (typeof message === 'string' && message) return message;
  return String(error);
}

/**
 * The server answered and said no: a SQLSTATE other than "cannot connect now" (57P03, a server
 * starting or stopping), "too many connections" (53300) or a connection failure (class 08).
 * Waiting does not change a wrong password or a missing database.
 */
function isRefusal(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P0|53300)/.test(code);
}

/**
 * Waits until the PostgreSQL server at `connectionString` takes a connection: up to `attempts`
 * tries `retryMs` apart. A server that does not answer is one warning naming its host and port
 * (not one per try), then DatabaseUnavailableError when the tries are spent; a server that
 * refuses (password, database name) is DatabaseUnavailableError at once.
 */
export async function waitForDatabase(
  connectionString: string,
  options: { attempts: number; retryMs: number; connectTimeoutMs?: number },
  log: StartLog,
): Promise<void> {
  const address = databaseAddress(connectionString);
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end().catch(() => {});
      if (attempt > 1) {
        log.info({ database: address, attempt }, `the database at ${address} answers now`);
      }
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const reason = reasonOf(error);
      if (isRefusal(error)) {
        throw new DatabaseUnavailableError(
          `the database at ${address} refuses the connection: ${reason}. Check DATABASE_URL ` +
            '(user, password, database name) and the role (docs/operations/deployment.md)',
          EX_CONFIG,
          address,
        );
      }
      if (attempt >= options.attempts) {
        const waited = Math.round(((attempt - 1) * options.retryMs) / 1000);
        throw new DatabaseUnavailableError(
          `the database at ${address} does not answer (${reason}) after ${attempt} ` +
            `${attempt === 1 ? 'attempt' : `attempts over ${waited} s`}: start it, or check ` +
            "DATABASE_URL's host and port and the firewall between (DATABASE_CONNECT_ATTEMPTS " +
            'and DATABASE_CONNECT_RETRY_SECONDS set how long the server waits)',
          EX_UNAVAILABLE,
          address,
        );
      }
      if (attempt === 1) {
        log.warn(
          { database: address, reason, attempts: options.attempts, retry_ms: options.retryMs },
          `the database at ${address} does not answer (${reason}): trying again every ` +
            `${options.retryMs / 1000} s, ${options.attempts} attempts in all`,
        );
      }
      await sleep(options.retryMs);
    }
  }
}
