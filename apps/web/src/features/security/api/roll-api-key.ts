import type { RolledApiKey } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const rollApiKey = ({ id, grace_seconds }: { id: string; grace_seconds: number }) =>
  apiRequest<RolledApiKey>(`/api/v1/security/api-keys/${encodeURIComponent(id)}/roll`, {
    method: 'POST',
    body: { grace_seconds },
  });

/** POST /api/v1/security/api-keys/{id}/roll: a new secret, shown once; the list is read again. */
export function useRollApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollApiKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys(organizationId) }),
  });
}
