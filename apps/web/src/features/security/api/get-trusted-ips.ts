import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export interface TrustedIp {
  id: string;
  ip_address: string;
  ip_range: string | null;
  description: string;
  /** null: trusted for every key of the organisation. */
  api_key_id: string | null;
  api_key_name: string | null;
  usage_count: number | string;
  last_seen_at: string | null;
  is_active: boolean;
  country: string | null;
  city: string | null;
  created_at: string;
}

export const getTrustedIps = (signal?: AbortSignal) =>
  apiRequest<{ trusted_ips: TrustedIp[] }>('/api/v1/security/trusted-ips', { signal }).then(
    (body) => body.trusted_ips,
  );

export const useTrustedIps = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.trustedIps(organizationId),
    queryFn: ({ signal }) => getTrustedIps(signal),
  });
