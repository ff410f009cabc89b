import type { Scope } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export interface CreateApiKeyBody {
  key_name: string;
  scopes: Scope[];
  allowed_ips: string[];
  rate_limit_per_hour: number;
  rate_limit_per_minute: number;
  /** An ISO date-time with its offset, so the server never guesses the browser's time zone. */
  expires_at?: string;
}

/** The created key with its secret: the only answer that ever carries `api_secret`. */
export interface CreatedApiKey {
  success: boolean;
  id: string;
  key_name: string;
  api_key: string;
  api_secret: string;
  scopes: Scope[];
  expires_at: string | null;
}

export const createApiKey = (body: CreateApiKeyBody) =>
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
