import type { CreateApiKeyInput, CreatedApiKey } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** The created key with its secret: the only answer that ever carries `api_secret`. */
export type { CreatedApiKey } from '@tanqin/shared';

export const createApiKey = (body: CreateApiKeyInput) =>
  apiRequest<CreatedApiKey>('/api/v1/security/api-keys', { method: 'POST', body });

/** POST /api/v1/security/api-keys; refreshes the key list and the statistics. */
export function useCreateApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}
