import type { DashboardCounters, KeyMode } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefresh } from '../../../lib/live-refresh.ts';

/**
 * GET /api/v1/organizations/{id}/dashboard: the three counters of the dashboard item, of the
 * console's mode, kept fresh.
 */
export const useDashboardCounters = (organizationId: string, mode: KeyMode) =>
  useQuery({
    queryKey: ['organizations', organizationId, 'dashboard', mode],
    queryFn: ({ signal }) =>
      apiRequest<DashboardCounters>(
        `/api/v1/organizations/${encodeURIComponent(organizationId)}/dashboard?mode=${mode}`,
        { signal },
      ),
    ...liveRefresh,
  });
