import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefresh } from '../../../lib/live-refresh.ts';

export interface DashboardCounters {
  organization_id: string;
  joined_at: string;
  active_tokens: number;
  verifications: number;
  api_calls_this_month: number;
}

/** GET /api/v1/organizations/{id}/dashboard: the three counters of the dashboard item, kept fresh. */
export const useDashboardCounters = (organizationId: string) =>
  useQuery({
    queryKey: ['organizations', organizationId, 'dashboard'],
    queryFn: ({ signal }) =>
      apiRequest<DashboardCounters>(
        `/api/v1/organizations/${encodeURIComponent(organizationId)}/dashboard`,
        { signal },
      ),
    ...liveRefresh,
  });
