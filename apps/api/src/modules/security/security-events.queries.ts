import {
  DATE_RANGES,
  type DateRange,
  type EventSeverity,
  type EventType,
  type KeyMode,
  type SummarizedEvent,
  type securityEventSchema,
} from '@tanqin/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { csvFile } from '../../lib/csv.ts';
import { describeSecurityEvent } from '../../lib/event-description.ts';

export interface EventFilters {
  severity?: EventSeverity;
  event_type?: EventType;
  date_range: DateRange;
  status?: 'open' | 'resolved';
  mode: KeyMode;
}

const EVENT_COLUMNS = `id, event_type, event_severity, event_description, client_ip, user_agent, request_path,
  request_method, additional_data, api_key_id, api_key_name, occurrences, created_at, last_seen_at, notified_at,
  resolved_at, is_test`;

function whereClause(ctx: AppContext, organizationId: string, filters: EventFilters) {
  const since = new Date(ctx.clock.now().getTime() - DATE_RANGES[filters.date_range] * 86_400_000);
  const params: unknown[] = [organizationId, since, filters.mode === 'test'];
  const conditions = ['organization_id = $1', 'created_at >= $2', 'is_test = $3'];
  if (filters.severity) conditions.push(`event_severity = $${params.push(filters.severity)}`);
  if (filters.event_type) conditions.push(`event_type = $${params.push(filters.event_type)}`);
  if (filters.status === 'open') conditions.push('resolved_at is null');
  if (filters.status === 'resolved') conditions.push('resolved_at is not null');
  return { sql: conditions.join(' and '), params };
}

export async function listSecurityEvents(
  ctx: AppContext,
  organizationId: string,
  filters: EventFilters,
  page: number,
  pageSize: number,
) {
  const where = whereClause(ctx, organizationId, filters);
  const [{ total }] = (await ctx.db.query<{ total: number }>(
    `select count(*)::int as total from security_events where ${where.sql}`,
    where.params,
  )) as [{ total: number }];
  const events = await ctx.db.query<z.input<typeof securityEventSchema>>(
    `select ${EVENT_COLUMNS} from security_events where ${where.sql}
      order by created_at desc, id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    where.params,
  );
  return { events, total, page, page_size: pageSize };
}

export async function resolveSecurityEvent(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
) {
  const [row] = await ctx.db.query<{ id: string; resolved_at: Date }>(
    `update security_events set resolved_at = coalesce(resolved_at, $3)
      where id = $1 and organization_id = $2 returning id, resolved_at`,
    [eventId, organizationId, ctx.clock.now()],
  );
  if (!row) throw notFound('Security event');
  return row;
}

const CSV_COLUMNS = [
  'created_at',
  'event_type',
  'event_severity',
  'event_description',
  'description_ar',
  'description_en',
  'client_ip',
  'user_agent',
  'api_key_name',
  'request_method',
  'request_path',
  'occurrences',
  'status',
  'resolved_at',
  'notified_at',
] as const;

const EXPORT_LIMIT = 50_000;

export async function exportSecurityEventsCsv(
  ctx: AppContext,
  organizationId: string,
  filters: EventFilters,
) {
  const where = whereClause(ctx, organizationId, filters);
  const rows = await ctx.db.query<SummarizedEvent & Record<string, unknown>>(
    `select ${EVENT_COLUMNS} from security_events where ${where.sql}
      order by created_at desc, id limit ${EXPORT_LIMIT}`,
    where.params,
  );
  return csvFile(
    CSV_COLUMNS,
    rows.map((row) => {
      const cells: Record<string, unknown> = {
        ...row,
        description_ar: describeSecurityEvent(row, 'ar'),
        description_en: describeSecurityEvent(row, 'en'),
        status: row.resolved_at ? 'resolved' : 'open',
      };
      return CSV_COLUMNS.map((column) => cells[column]);
    }),
  );
}
