import type { PersonalCode, PersonalCodeList, PersonalCodeRevokeResult } from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const myCodesKey = ['me', 'codes'] as const;

/**
 * GET /api/v1/me/codes: the codes issued for this person's national id, with their trails (asked
 * only once the identity is proven: before, the answer is 403 identity_unverified).
 */
export const useMyCodes = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: myCodesKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<PersonalCodeList>('/api/v1/me/codes', { side: 'individual', signal }).then(
        (body) => body.codes,
      ),
  });

/** POST /api/v1/me/codes/:id/revoke: the answer's code replaces the one in the list. */
export function useRevokeMyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PersonalCodeRevokeResult>(`/api/v1/me/codes/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
        side: 'individual',
      }),
    onSuccess: ({ code }) => {
      queryClient.setQueryData<PersonalCode[]>(myCodesKey, (codes) =>
        codes?.map((item) => (item.id === code.id ? code : item)),
      );
    },
    // A refusal (already used, expired) means the list is stale: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: myCodesKey }),
  });
}
