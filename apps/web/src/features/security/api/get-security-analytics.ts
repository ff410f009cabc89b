import type { KeyMode, SecurityAnalytics } from '@tanqin/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefresh } from '../../../lib/live-refresh.ts';
import { securityKeys } from './query-keys.ts';

export type AnalyticsSpan = 7 | 30;

export const getSecurityAnalytics = (mode: KeyMode, days: AnalyticsSpan, signal?: AbortSignal) =>
  apiRequest<SecurityAnalytics>(`/api/v1/dashboard/security/analytics?days=${days}&mode=${mode}`, {
    signal,
  });

/**
 * GET /api/v1/dashboard/security/analytics: calls of one mode per day by outcome, p50 and p99,
 * kept fresh.
 */
export const useSecurityAnalytics = (organizationId: string, mode: KeyMode, days: AnalyticsSpan) =>
  useQuery({
    queryKey: securityKeys.analytics(organizationId, mode, days),
    queryFn: ({ signal }) => getSecurityAnalytics(mode, days, signal),
    placeholderData: keepPreviousData,
    ...liveRefresh,
  });
