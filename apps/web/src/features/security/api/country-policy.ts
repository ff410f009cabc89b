import type {
  CountryPolicy,
  CountryPolicyInput,
  NetworkCheck,
  NetworkCheckInput,
} from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

const PATH = '/api/v1/security/country-policy';

/** GET /api/v1/security/country-policy: on or off, the mode, and the listed countries. */
export const useCountryPolicy = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.countryPolicy(organizationId),
    queryFn: ({ signal }) => apiRequest<CountryPolicy>(PATH, { signal }),
  });

/** PUT /api/v1/security/country-policy: the mode and the whole list at once. */
export function useSetCountryPolicy(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CountryPolicyInput) =>
      apiRequest<CountryPolicy>(PATH, { method: 'PUT', body }),
    onSuccess: (policy) =>
      queryClient.setQueryData(securityKeys.countryPolicy(organizationId), policy),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.settings(organizationId) }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}

/** POST /api/v1/security/network-check: would a call from this address pass? */
export const useNetworkCheck = () =>
  useMutation({
    mutationFn: (body: NetworkCheckInput) =>
      apiRequest<NetworkCheck>('/api/v1/security/network-check', { body }),
  });
