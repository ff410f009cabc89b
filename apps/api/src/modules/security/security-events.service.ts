import { randomUUID } from 'node:crypto';
import type { EventSeverity, EventType } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';

export interface SecurityEventInput {
  organizationId: string;
  type: EventType;
  severity: EventSeverity;
  description: string;
  clientIp?: string;
  userAgent?: string;
  requestPath?: string;
  requestMethod?: string;
  apiKeyId?: string | null;
  apiKeyName?: string | null;
  additionalData?: Record<string, unknown>;
}

const DEDUPE_WINDOW_MS = 60_000;

/**
 * Records a security event. Identical events (same organisation, type, key, address and
 * description) within one minute are counted on one row, so a flood cannot fill the table.
 */
export async function recordSecurityEvent(ctx: AppContext, event: SecurityEventInput) {
  const now = ctx.clock.now();
  const bucket = Math.floor(now.getTime() / DEDUPE_WINDOW_MS);
  const dedupeKey = [
    event.organizationId,
    event.type,
    event.apiKeyId ?? '-',
    event.clientIp ?? '-',
    event.description,
    bucket,
  ].join('|');
  await ctx.db.query(
    `insert into security_events (id, organization_id, event_type, event_severity, event_description,
       client_ip, user_agent, request_path, request_method, additional_data, api_key_id, api_key_name,
       dedupe_key, created_at, last_seen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     on conflict (dedupe_key) do update
       set occurrences = security_events.occurrences + 1, last_seen_at = excluded.last_seen_at`,
    [
      randomUUID(),
      event.organizationId,
      event.type,
      event.severity,
      event.description,
      event.clientIp ?? null,
      event.userAgent?.slice(0, 300) ?? null,
      event.requestPath?.slice(0, 300) ?? null,
      event.requestMethod ?? null,
      event.additionalData ? JSON.stringify(event.additionalData) : null,
      event.apiKeyId ?? null,
      event.apiKeyName ?? null,
      dedupeKey,
      now,
    ],
  );
}
