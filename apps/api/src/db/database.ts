/** The one database handle the product uses, over embedded PGlite or a PostgreSQL pool. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** What a listener on a notification channel is told (see `Database.listen`). */
export interface ListenHandlers {
  onMessage(payload: string): void;
  /** The connection is lost: notifications sent from now on may be missed until `onListening`. */
  onLost(): void;
  /** Listening: after the first connection and after every reconnection. */
  onListening(): void;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Listens on a notification channel (`NOTIFY` / `pg_notify`) on a connection of its own,
   * reconnecting until closed. Resolves after the first attempt, connected or not.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
  /** The connection pool now, for /metrics. */
  poolStats?(): PoolStats;
  /** Embedded only: a consistent copy of the whole data directory, a gzipped tar (backups). */
  dumpDataDir?(): Promise<Blob>;
}

export interface PoolStats {
  /** Connections at most. */
  max: number;
  /** Connections open (busy and idle). */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** PostgreSQL's unique_violation, raised by both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * PostgreSQL refused a value it was given (SQLSTATE class 22 "data exception", e.g. a NUL byte or
 * a number out of range; 54000 "program limit exceeded", e.g. an over-long index entry). The
 * caller's input caused it, so it answers 400, never 500.
 */
export function isDatabaseInputError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code);
}

/** PostgreSQL's foreign_key_violation on a column (a row it names was deleted meanwhile). */
export function isForeignKeyViolation(error: unknown, column: string): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23503' && Boolean(constraint?.includes(column));
}

/**
 * The server refused a statement (an error with a SQLSTATE), as opposed to a lost connection or a
 * server shutting down (class 08, 57P01-57P03): nothing of the statement was written and the
 * connection is still usable.
 */
export function isRefusedStatement(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P0)/.test(code);
}
