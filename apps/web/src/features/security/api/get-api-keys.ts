import type { Scope } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** One key as GET /api/v1/security/api-keys lists it: every field but the secret. */
export interface ApiKey {
  id: string;
  key_name: string;
  api_key: string;
  scopes: Scope[];
  allowed_ips: string[] | null;
  is_active: boolean;
  created_at: string;
  expires_at: string | null;
  rate_limit_per_hour: number;
  rate_limit_per_minute: number;
  usage_count: number;
  last_used_at: string | null;
  last_used_ip: string | null;
  requests_this_hour: number;
  requests_today: number;
  requests_this_month: number;
  critical_events_count: number;
}

export const getApiKeys = (signal?: AbortSignal) =>
  apiRequest<{ api_keys: ApiKey[] }>('/api/v1/security/api-keys', { signal }).then(
    (body) => body.api_keys,
  );

export const useApiKeys = (organizationId: string, { enabled = true } = {}) =>
  useQuery({
    queryKey: securityKeys.apiKeys(organizationId),
    queryFn: ({ signal }) => getApiKeys(signal),
    enabled,
  });
