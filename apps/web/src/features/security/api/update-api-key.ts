import type { ApiKey, UpdateApiKeyInput, UpdatedApiKey } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** What PATCH changes: the fields sent; `null` clears the allowed IPs or the expiry. */
export type ApiKeyChanges = Omit<UpdateApiKeyInput, 'organization_id'>;

export const updateApiKey = ({ id, ...changes }: ApiKeyChanges & { id: string }) =>
  apiRequest<UpdatedApiKey>(`/api/v1/security/api-keys/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });

/**
 * PATCH /api/v1/security/api-keys/{id}, in force at once: the switch moves at once and moves
 * back if the server refuses; the list and the statistics are read again either way.
 */
export function useUpdateApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  const listKey = securityKeys.apiKeys(organizationId);
  return useMutation({
    mutationFn: updateApiKey,
    onMutate: async ({ id, is_active }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      // The lists of both modes (the key is in one of them).
      const previous = queryClient.getQueriesData<ApiKey[]>({ queryKey: listKey });
      if (is_active !== undefined) {
        queryClient.setQueriesData<ApiKey[]>({ queryKey: listKey }, (keys) =>
          keys?.map((key) => (key.id === id ? { ...key, is_active } : key)),
        );
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, keys] of context?.previous ?? []) queryClient.setQueryData(key, keys);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}
