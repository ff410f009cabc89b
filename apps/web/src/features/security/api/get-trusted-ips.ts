import type { TrustedIpList } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type { TrustedIp } from '@tanqin/shared';

export const getTrustedIps = (signal?: AbortSignal) =>
  apiRequest<TrustedIpList>('/api/v1/security/trusted-ips', { signal }).then(
    (body) => body.trusted_ips,
  );

export const useTrustedIps = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.trustedIps(organizationId),
    queryFn: ({ signal }) => getTrustedIps(signal),
  });
