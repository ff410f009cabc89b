import type { KeyMode } from '@tanqin/shared';
import type { RequestLogFilters } from './get-request-log.ts';
import type { EventFilters } from './get-security-events.ts';

/**
 * React Query keys of the security screens; every key starts with the organisation. A read of
 * one mode's data (live or test) ends with the mode, so both are cached apart and a change
 * refreshes both (invalidation by the key's start).
 */
export const securityKeys = {
  all: (organizationId: string) => ['security', organizationId] as const,
  stats: (organizationId: string) => ['security', organizationId, 'stats'] as const,
  statsOf: (organizationId: string, mode: KeyMode) =>
    ['security', organizationId, 'stats', mode] as const,
  apiKeys: (organizationId: string) => ['security', organizationId, 'api-keys'] as const,
  apiKeysOf: (organizationId: string, mode: KeyMode) =>
    ['security', organizationId, 'api-keys', mode] as const,
  trustedIps: (organizationId: string) => ['security', organizationId, 'trusted-ips'] as const,
  countryPolicy: (organizationId: string) =>
    ['security', organizationId, 'country-policy'] as const,
  settings: (organizationId: string) => ['security', organizationId, 'settings'] as const,
  events: (organizationId: string) => ['security', organizationId, 'events'] as const,
  eventList: (organizationId: string, mode: KeyMode, filters: EventFilters, page: number) =>
    ['security', organizationId, 'events', mode, filters, page] as const,
  requestLog: (
    organizationId: string,
    mode: KeyMode,
    filters: RequestLogFilters,
    cursor: string | null,
  ) => ['security', organizationId, 'requests', mode, filters, cursor] as const,
  analytics: (organizationId: string, mode: KeyMode, days: number) =>
    ['security', organizationId, 'analytics', mode, days] as const,
  notifications: (organizationId: string) => ['security', organizationId, 'notifications'] as const,
  notificationDeliveries: (organizationId: string, preferenceId: string) =>
    ['security', organizationId, 'notifications', preferenceId, 'deliveries'] as const,
};
