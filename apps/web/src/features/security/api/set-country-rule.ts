import type { CountryRule, CountryRuleInput, CountryRuleSet } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const setCountryRule = (body: CountryRuleInput) =>
  apiRequest<CountryRuleSet>('/api/v1/security/country-rules', {
    method: 'POST',
    body,
  });

/** POST /api/v1/security/country-rules (an upsert): optimistic, rolled back when refused. */
export function useSetCountryRule(organizationId: string) {
  const queryClient = useQueryClient();
  const listKey = securityKeys.countryRules(organizationId);
  return useMutation({
    mutationFn: setCountryRule,
    onMutate: async ({ country_code, is_allowed }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<CountryRule[]>(listKey);
      queryClient.setQueryData<CountryRule[]>(listKey, (rules = []) => [
        ...rules.filter((rule) => rule.country_code !== country_code),
        { country_code, is_allowed, created_at: new Date().toISOString() },
      ]);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(listKey, context?.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: securityKeys.stats(organizationId) }),
      ]),
  });
}
