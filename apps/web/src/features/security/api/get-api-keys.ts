import type { ApiKeyList, KeyMode } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** One key as GET /api/v1/security/api-keys lists it: every field but the secret. */
export type { ApiKey } from '@tanqin/shared';

export const getApiKeys = (mode: KeyMode, signal?: AbortSignal) =>
  apiRequest<ApiKeyList>(`/api/v1/security/api-keys?mode=${mode}`, { signal }).then(
    (body) => body.api_keys,
  );

/** The keys of one mode (the console's): test keys in test mode, live keys otherwise. */
export const useApiKeys = (organizationId: string, mode: KeyMode, { enabled = true } = {}) =>
  useQuery({
    queryKey: securityKeys.apiKeysOf(organizationId, mode),
    queryFn: ({ signal }) => getApiKeys(mode, signal),
    enabled,
  });
