import type { SecurityEventResolved } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const resolveSecurityEvent = (id: string) =>
  apiRequest<SecurityEventResolved>(`/api/v1/security/events/${encodeURIComponent(id)}/resolve`, {
    method: 'PATCH',
  });

/** PATCH /api/v1/security/events/{id}/resolve; a resolved critical event leaves the statistics. */
export function useResolveSecurityEvent(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSecurityEvent,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.events(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys(organizationId) }),
      ]),
  });
}
