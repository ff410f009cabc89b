import type { DashboardCounters } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefresh } from '../../../lib/live-refresh.ts';

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
