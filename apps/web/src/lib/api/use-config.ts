import { DEFAULT_PRICE_PER_CALL } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { configQueryKey, getConfig } from './config.ts';

export function useConfig() {
  return useQuery({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The price per call exactly as the server states it (a decimal string such as "0.005").
 * Until it answers, or if it cannot, the product's published default is shown.
 */
export function usePricePerCall() {
  const { data, isPending } = useConfig();
  return { price: data?.price_per_call ?? DEFAULT_PRICE_PER_CALL, isPending };
}
