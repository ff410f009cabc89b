import { DEFAULT_PRICE_PER_CALL } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

interface PublicConfig {
  price_per_call: string;
  currency: string;
}

/**
 * GET /api/v1/config: the price per billed call as the server states it (a decimal string such
 * as "0.005"); the published default until it answers or if it cannot.
 */
export function usePricePerCall() {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest<PublicConfig>('/api/v1/config', { signal }),
    staleTime: 5 * 60_000,
  });
  return data?.price_per_call ?? DEFAULT_PRICE_PER_CALL;
}
