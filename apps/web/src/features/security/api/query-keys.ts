import type { RequestLogFilters } from './get-request-log.ts';
import type { EventFilters } from './get-security-events.ts';

/** React Query keys of the security screens; every key starts with the organisation. */
export const securityKeys = {
  all: (organizationId: string) => ['security', organizationId] as const,
  stats: (organizationId: string) => ['security', organizationId, 'stats'] as const,
  apiKeys: (organizationId: string) => ['security', organizationId, 'api-keys'] as const,
  trustedIps: (organizationId: string) => ['security', organizationId, 'trusted-ips'] as const,
  countryPolicy: (organizationId: string) =>
    ['security', organizationId, 'country-policy'] as const,
  settings: (organizationId: string) => ['security', organizationId, 'settings'] as const,
  events: (organizationId: string) => ['security', organizationId, 'events'] as const,
  eventList: (organizationId: string, filters: EventFilters, page: number) =>
    ['security', organizationId, 'events', filters, page] as const,
  requestLog: (organizationId: string, filters: RequestLogFilters, cursor: string | null) =>
    ['security', organizationId, 'requests', filters, cursor] as const,
  analytics: (organizationId: string, days: number) =>
    ['security', organizationId, 'analytics', days] as const,
  notifications: (organizationId: string) => ['security', organizationId, 'notifications'] as const,
  notificationDeliveries: (organizationId: string, preferenceId: string) =>
    ['security', organizationId, 'notifications', preferenceId, 'deliveries'] as const,
};
