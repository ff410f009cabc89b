import type { ApiKeyList } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** One key as GET /api/v1/security/api-keys lists it: every field but the secret. */
export type { ApiKey } from '@tanqin/shared';

export const getApiKeys = (signal?: AbortSignal) =>
  apiRequest<ApiKeyList>('/api/v1/security/api-keys', { signal }).then((body) => body.api_keys);

export const useApiKeys = (organizationId: string, { enabled = true } = {}) =>
  useQuery({
    queryKey: securityKeys.apiKeys(organizationId),
    queryFn: ({ signal }) => getApiKeys(signal),
    enabled,
  });
