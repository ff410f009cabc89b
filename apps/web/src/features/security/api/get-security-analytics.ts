import type { SecurityAnalytics } from '@tanqin/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefresh } from '../../../lib/live-refresh.ts';
import { securityKeys } from './query-keys.ts';

export type AnalyticsSpan = 7 | 30;

export const getSecurityAnalytics = (days: AnalyticsSpan, signal?: AbortSignal) =>
  apiRequest<SecurityAnalytics>(`/api/v1/dashboard/security/analytics?days=${days}`, { signal });

/** GET /api/v1/dashboard/security/analytics: calls per day by outcome, p50 and p99, kept fresh. */
export const useSecurityAnalytics = (organizationId: string, days: AnalyticsSpan) =>
  useQuery({
    queryKey: securityKeys.analytics(organizationId, days),
    queryFn: ({ signal }) => getSecurityAnalytics(days, signal),
    placeholderData: keepPreviousData,
    ...liveRefresh,
  });
