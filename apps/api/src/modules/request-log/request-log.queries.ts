import type { KeyMode, RequestLogEntry, RequestLogPage } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { dropMonthPartitionsBefore, ensureMonthPartitions } from '../../db/month-partitions.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { AppError } from '../../lib/app-error.ts';

export interface RequestLogFilters {
  api_key_id?: string;
  status?: string;
  code?: string;
  mode: KeyMode;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
}

/** The position after the last row of a page: its time and id, opaque to the caller. */
function encodeCursor(row: { created_at: Date; id: string }) {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !id || !UUID.test(id)) {
    throw new AppError('bad_request', 'The cursor is not one this API gave out');
  }
  return { at: date, id };
}

interface Row extends Omit<RequestLogEntry, 'created_at'> {
  created_at: Date;
}

/**
 * One page of the organisation's request log, newest first. Keyset paging on (created_at, id):
 * each page starts after the last row of the one before, so rows written meanwhile never shift
 * it. `to` is exclusive, `from` inclusive.
 */
export async function listRequests(
  ctx: AppContext,
  organizationId: string,
  filters: RequestLogFilters,
): Promise<RequestLogPage> {
  const p = new SqlParams();
  const where = [
    `organization_id = ${p.add(organizationId, 'uuid')}`,
    `is_test = ${p.add(filters.mode === 'test', 'boolean')}`,
  ];
  if (filters.api_key_id) where.push(`api_key_id = ${p.add(filters.api_key_id, 'uuid')}`);
  if (filters.status === 'success') where.push('status < 400');
  else if (filters.status === 'failure') where.push('status >= 400');
  else if (filters.status) where.push(`status = ${p.add(Number(filters.status), 'int')}`);
  if (filters.code === 'success') where.push('status < 400');
  else if (filters.code) where.push(`code = ${p.add(filters.code, 'text')}`);
  if (filters.from) where.push(`created_at >= ${p.add(filters.from, 'timestamptz')}`);
  if (filters.to) where.push(`created_at < ${p.add(filters.to, 'timestamptz')}`);
  if (filters.cursor) {
    const after = decodeCursor(filters.cursor);
    where.push(
      `(created_at, id) < (${p.add(after.at, 'timestamptz')}, ${p.add(after.id, 'uuid')})`,
    );
  }
  const rows = await ctx.db.query<Row>(
    `select id, created_at, method, path, status, code, api_key_id, api_key_name, client_ip, country,
            latency_ms, is_test
       from request_log where ${where.join(' and ')}
      order by created_at desc, id desc
      limit ${filters.limit + 1}`,
    p.values,
  );
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    requests: page.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    next_cursor: rows.length > filters.limit && last ? encodeCursor(last) : null,
  };
}

/** Daily roll-ups are small (a row per key, outcome and day) and outlive the raw rows. */
const ROLLUP_RETENTION_DAYS = 400;

export const REQUEST_LOG_PARTITIONS = { table: 'request_log' };

/**
 * Retention of the request log, by whole months: drops the month partitions whose every row is
 * older than REQUEST_LOG_DAYS (a row stays at least that long, at most a month more), deletes
 * roll-ups older than 400 days, and has the months ahead partitioned before their rows come.
 * Returns the partitions dropped.
 */
export async function sweepRequestLog(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now().getTime();
  const cutoff = new Date(now - ctx.config.requestLogDays * 86_400_000);
  const dropped = await dropMonthPartitionsBefore(ctx.db, REQUEST_LOG_PARTITIONS, cutoff);
  await ensureMonthPartitions(ctx.db, REQUEST_LOG_PARTITIONS, new Date(now));
  await ctx.db.query('delete from request_daily where day < $1::date', [
    new Date(now - ROLLUP_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10),
  ]);
  return dropped;
}
