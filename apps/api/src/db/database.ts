/** The one database handle the product uses, over embedded PGlite or a PostgreSQL pool. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
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
