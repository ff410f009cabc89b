import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** The spec's "Security stats", as GET /api/v1/security/stats computes them for today. */
export interface SecurityStats {
  total_api_keys: number;
  active_api_keys: number;
  inactive_api_keys?: number;
  total_requests_today: number;
  blocked_requests_today: number;
  blocked_percentage?: number;
  critical_events_count: number;
  trusted_ips_count: number;
  countries_blocked: number;
  rate_limit_violations: number;
}

export const getSecurityStats = (signal?: AbortSignal) =>
  apiRequest<{ success: boolean; data: SecurityStats }>('/api/v1/security/stats', {
    signal,
  }).then((body) => body.data);

export const useSecurityStats = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.stats(organizationId),
    queryFn: ({ signal }) => getSecurityStats(signal),
  });
