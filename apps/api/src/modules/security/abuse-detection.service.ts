import type { AppContext } from '../../app-context.ts';
import { hasValidChecksum, isApiKeyFormat, SECRET_PREFIX } from '../../lib/secret-format.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { findApiKeyCredential } from '../api-keys/index.ts';
import { recordSecurityEvent } from './security-events.service.ts';

/** Failures from one address against one organisation within the window that make a burst. */
export const FAILURE_BURST_THRESHOLD = 10;
/** Failures against one organisation, from any addresses, within the window that make a burst. */
export const ORGANIZATION_FAILURE_BURST_THRESHOLD = 20;
export const FAILURE_BURST_WINDOW_MS = 5 * 60_000;

export type FailureKind = 'authentication' | 'verification';

export interface FailureSource {
  organizationId: string;
  ip: string;
  userAgent?: string;
  path: string;
  method: string;
  apiKeyId?: string | null;
  apiKeyName?: string | null;
  isTest?: boolean;
}

const descriptions: Record<FailureKind, (ip: string) => string> = {
  authentication: (ip) => `Burst of failed authentications from ${ip}`,
  verification: (ip) => `Burst of failed token verifications from ${ip}`,
};
const spreadDescriptions: Record<FailureKind, string> = {
  authentication: 'Burst of failed authentications against the organisation, from any addresses',
  verification: 'Burst of failed token verifications against the organisation, from any addresses',
};

/** Hits of a failure counter in the window, this one included (the shared store: every process). */
async function countFailure(ctx: AppContext, key: string, now: number) {
  await ctx.rateLimits.record(key, FAILURE_BURST_WINDOW_MS, now);
  return ctx.rateLimits.count(key, FAILURE_BURST_WINDOW_MS, now);
}

/**
 * Counts a failed authentication or a failed verify (an unknown code) against one organisation,
 * per address and for the organisation as a whole (an attacker spreading guesses over many
 * addresses stays under the first). From either threshold on, each further failure in the window
 * is a critical suspicious_activity event; the organisation-wide one has no address, so it is
 * counted on one row per minute however many addresses take part. Only failures pay for this.
 */
export async function noteFailure(ctx: AppContext, kind: FailureKind, source: FailureSource) {
  const now = ctx.clock.now().getTime();
  const [fromAddress, againstOrganization] = await Promise.all([
    countFailure(ctx, `fail:${kind}:${source.organizationId}:${source.ip}`, now),
    countFailure(ctx, `fail:${kind}:${source.organizationId}`, now),
  ]);
  const event = {
    organizationId: source.organizationId,
    type: 'suspicious_activity',
    severity: 'critical',
    userAgent: source.userAgent,
    requestPath: source.path,
    requestMethod: source.method,
    apiKeyId: source.apiKeyId,
    apiKeyName: source.apiKeyName,
    isTest: source.isTest,
  } as const;
  const window_seconds = FAILURE_BURST_WINDOW_MS / 1000;
  if (fromAddress >= FAILURE_BURST_THRESHOLD) {
    await recordSecurityEvent(ctx, {
      ...event,
      description: descriptions[kind](source.ip),
      clientIp: source.ip,
      additionalData: { failure: kind, failures_in_window: fromAddress, window_seconds },
    });
  }
  if (againstOrganization >= ORGANIZATION_FAILURE_BURST_THRESHOLD) {
    await recordSecurityEvent(ctx, {
      ...event,
      description: spreadDescriptions[kind],
      additionalData: {
        failure: kind,
        spread: 'organization',
        failures_in_window: againstOrganization,
        window_seconds,
      },
    });
  }
}

const organizationByClientId = new TtlCache<string | null>(60_000);

/**
 * The organisation a failed authentication was aimed at: named by its client id, or owning the
 * API key presented. Unknown names are nobody's: there is no organisation to warn.
 */
export async function organizationAimedAt(
  ctx: AppContext,
  clientId: string | undefined,
): Promise<string | undefined> {
  if (isApiKeyFormat(clientId)) {
    return (await findApiKeyCredential(ctx, clientId))?.organization_id;
  }
  // Junk is nobody's, without a lookup.
  if (!hasValidChecksum(SECRET_PREFIX.clientId, clientId)) return undefined;
  const cached = organizationByClientId.get(clientId);
  if (cached !== undefined) return cached ?? undefined;
  const [row] = await ctx.db.query<{ id: string }>(
    'select id from organizations where client_id = $1',
    [clientId],
  );
  organizationByClientId.set(clientId, row?.id ?? null);
  return row?.id;
}
