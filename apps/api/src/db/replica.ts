import type { Database, Queryable } from './database.ts';
import { openPool } from './postgres.ts';

/** How often each process asks the standby how far it has replayed (and the primary how far it is). */
const POLL_MS = 200;
/** A standby further behind than this serves nobody: every read goes to the primary. */
const MAX_LAG_MS = 5_000;
/** Primary positions kept to tell the standby's lag in time (a sample per poll). */
const SAMPLES_KEPT = Math.ceil((2 * MAX_LAG_MS) / POLL_MS);

/** Where reads went, for tests and metrics. */
export interface ReadCounts {
  replica: number;
  primary: number;
  /** Reads begun on the standby that failed there and were answered by the primary. */
  fallbacks: number;
}

/**
 * Console reads that aggregate or page may go to a streaming standby (DATABASE_REPLICA_URL).
 * The standby serves a read only while it answers, is less than MAX_LAG_MS behind, and has
 * replayed the caller's own last write (`after`, a WAL position); otherwise, and whenever a read
 * fails there, the primary answers. Everything else (the /v1 hot path, anything a decision
 * depends on, every write) never comes here and stays on the primary.
 */
export interface ReadRouting {
  /** The handle for one read-only request: reads on the standby when it may, the rest on the primary. */
  readHandle(after: bigint | undefined): Database;
  /** The primary's WAL position now: after a write, the caller's reads wait for the standby to reach it. */
  primaryPosition(): Promise<string>;
  readonly counts: ReadCounts;
  close(): Promise<void>;
}

/** A WAL position as PostgreSQL prints it (`16/B374D848`), as a number; undefined if malformed. */
export function parseWalPosition(text: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

export async function openReadRouting(
  primary: Database,
  replicaUrl: string,
  onError: (error: unknown) => void = () => {},
): Promise<ReadRouting> {
  const counts: ReadCounts = { replica: 0, primary: 0, fallbacks: 0 };
  const noListen: Database['listen'] = async () => ({ close: async () => {} });
  let replica: Database | undefined;
  let replayed: bigint | undefined;
  let healthy = false;
  const samples: Array<{ at: number; position: bigint }> = [];

  const currentPosition = async (): Promise<string> => {
    const [row] = await primary.query<{ position: string }>(
      'select pg_current_wal_lsn()::text as position',
    );
    return row?.position ?? '';
  };

  const openReplica = async () => {
    replica = await openPool(
      'postgres',
      {
        connectionString: replicaUrl,
        max: 10,
        connectionTimeoutMillis: 1_000,
      },
      noListen,
    );
  };

  /** Milliseconds the standby is behind: since the primary was where the standby is now. */
  const lagMs = (now: number): number => {
    const reachedPosition = replayed;
    if (reachedPosition === undefined) return Number.POSITIVE_INFINITY;
    // The newest sample it has reached: anything written after the next one may be missing.
    const reached = samples.findLastIndex((sample) => sample.position <= reachedPosition);
    const missing = samples[reached + 1];
    return missing ? now - missing.at : 0;
  };

  const poll = async () => {
    try {
      const position = await currentPosition();
      samples.push({ at: Date.now(), position: parseWalPosition(position) ?? 0n });
      if (samples.length > SAMPLES_KEPT) samples.shift();
      if (!replica) await openReplica();
      const [row] = await (replica as Database).query<{ replayed: string | null }>(
        'select pg_last_wal_replay_lsn()::text as replayed',
      );
      replayed = parseWalPosition(row?.replayed);
      healthy = replayed !== undefined;
    } catch (error) {
      if (healthy) onError(error);
      healthy = false;
    }
  };
  await poll();
  let polling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    polling = poll();
  }, POLL_MS);
  timer.unref();

  const onPrimary: Queryable['query'] = (sql, params) => {
    counts.primary++;
    return primary.query(sql, params);
  };

  const onReplica: Queryable['query'] = async <T>(sql: string, params?: unknown[]) => {
    try {
      const rows = await (replica as Database).query<T>(sql, params);
      counts.replica++;
      return rows;
    } catch (error) {
      // The standby stopped, restarted or cancelled the read (a conflict with recovery): the
      // statement only reads, so the primary answers it instead, and the standby rests until
      // the next poll finds it answering again.
      healthy = false;
      counts.fallbacks++;
      onError(error);
      return onPrimary<T>(sql, params);
    }
  };

  return {
    readHandle(after) {
      const usable =
        healthy &&
        replica !== undefined &&
        lagMs(Date.now()) <= MAX_LAG_MS &&
        (after === undefined || (replayed !== undefined && replayed >= after));
      return { ...primary, query: usable ? onReplica : onPrimary };
    },
    primaryPosition: currentPosition,
    counts,
    async close() {
      clearInterval(timer);
      await polling;
      await replica?.close();
    },
  };
}
