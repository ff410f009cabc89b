import type { KeyMode, SecurityStatsAnswer } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefresh } from '../../../lib/live-refresh.ts';
import { securityKeys } from './query-keys.ts';

/** The spec's "Security stats", as GET /api/v1/security/stats computes them for today. */
export type { SecurityStats } from '@tanqin/shared';

export const getSecurityStats = (mode: KeyMode, signal?: AbortSignal) =>
  apiRequest<SecurityStatsAnswer>(`/api/v1/security/stats?mode=${mode}`, {
    signal,
  }).then((body) => body.data);

/** Today's figures of one mode, kept fresh while the page is visible. */
export const useSecurityStats = (organizationId: string, mode: KeyMode) =>
  useQuery({
    queryKey: securityKeys.statsOf(organizationId, mode),
    queryFn: ({ signal }) => getSecurityStats(mode, signal),
    ...liveRefresh,
  });
