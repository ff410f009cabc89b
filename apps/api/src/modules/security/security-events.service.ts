import { randomUUID } from 'node:crypto';
import { type EventSeverity, type EventType, maskedAddress } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { maskCodes } from '../../lib/code-mask.ts';
import { enqueueNotificationsCte } from '../notifications/index.ts';

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
  /** A /v1 request the pipeline refused (counted as blocked in the security stats). */
  isBlockedRequest?: boolean;
  /** Caused by a test-mode key: marked, and hidden when the dashboard hides test data. */
  isTest?: boolean;
}

const DEDUPE_WINDOW_MS = 60_000;

/**
 * Records a security event. Identical events (same organisation, type, key, address and
 * description) within one clock minute are counted on one row (`occurrences`), so a flood cannot
 * fill the table. A new row is queued, in the same statement, for every matching notification
 * preference; repeats counted on an existing row notify nobody again. `db` is a transaction when
 * the event must stand or fall with the change that caused it.
 */
export async function recordSecurityEvent(
  ctx: AppContext,
  event: SecurityEventInput,
  db: Queryable = ctx.db,
) {
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
  const p = new SqlParams();
  const at = p.add(now, 'timestamptz');
  const [row] = await db.query<{ id: string; occurrences: number }>(
    `with event_upsert as (
       insert into security_events (id, organization_id, event_type, event_severity, event_description,
         client_ip, user_agent, request_path, request_method, additional_data, api_key_id, api_key_name,
         is_blocked_request, dedupe_key, created_at, last_seen_at, is_test)
       values (${p.add(randomUUID(), 'uuid')}, ${p.add(event.organizationId, 'uuid')}, ${p.add(event.type, 'text')},
         ${p.add(event.severity, 'text')}, ${p.add(event.description, 'text')}, ${p.add(event.clientIp ?? null, 'text')},
         ${p.add(event.userAgent?.slice(0, 300) ?? null, 'text')}, ${p.add(event.requestPath ? maskCodes(event.requestPath.slice(0, 300)) : null, 'text')},
         ${p.add(event.requestMethod ?? null, 'text')},
         ${p.add(event.additionalData ? JSON.stringify(event.additionalData) : null, 'jsonb')},
         ${p.add(event.apiKeyId ?? null, 'uuid')}, ${p.add(event.apiKeyName ?? null, 'text')},
         ${p.add(event.isBlockedRequest ?? false, 'boolean')}, ${p.add(dedupeKey, 'text')}, ${at}, ${at},
         ${p.add(event.isTest ?? false, 'boolean')})
       on conflict (dedupe_key) do update
         set occurrences = security_events.occurrences + 1, last_seen_at = excluded.last_seen_at
       returning id, organization_id, event_type, occurrences),
     ${enqueueNotificationsCte(p, 'event_upsert', now)}
     select id, occurrences from event_upsert`,
    p.values,
  );
  return row!;
}

/**
 * A message the organisation asked for (an invitation, a notification test) refused because its
 * destination had received too many (lib/destination-limit.ts). The address is kept masked.
 */
export function recordRefusedDestination(
  ctx: AppContext,
  organizationId: string,
  channel: 'email' | 'sms',
  destination: string,
) {
  const masked = maskedAddress(destination);
  return recordSecurityEvent(ctx, {
    organizationId,
    type: 'suspicious_activity',
    severity: 'warning',
    description: `A message to ${masked} was refused: the address has received too many`,
    additionalData: { failure: 'destination_limit', channel, destination: masked },
  });
}
