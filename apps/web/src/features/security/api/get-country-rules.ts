import type { CountryRuleList } from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

/** A country without a rule is allowed (spec section 4). */
export type { CountryRule } from '@tanqin/shared';

export const getCountryRules = (signal?: AbortSignal) =>
  apiRequest<CountryRuleList>('/api/v1/security/country-rules', {
    signal,
  }).then((body) => body.country_rules);

export const useCountryRules = (organizationId: string) =>
  useQuery({
    queryKey: securityKeys.countryRules(organizationId),
    queryFn: ({ signal }) => getCountryRules(signal),
  });
