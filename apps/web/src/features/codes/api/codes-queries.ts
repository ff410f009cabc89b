import type { CodeDirection, CodeList, StaffVerifyResult, TokenStatus } from '@tanqin/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const CODES_PAGE_SIZE = 20;

export interface CodesFilter {
  direction: CodeDirection;
  status?: TokenStatus;
  page: number;
}

/** Every codes query of an organisation starts with this key: a decrypt refreshes them all. */
export const codesKeys = {
  all: (organizationId: string) => ['codes', organizationId] as const,
  list: (organizationId: string, filter: CodesFilter) =>
    ['codes', organizationId, 'list', filter] as const,
};

function listPath({ direction, status, page }: CodesFilter) {
  const query = new URLSearchParams({ direction, page: String(page) });
  if (status) query.set('status', status);
  query.set('page_size', String(CODES_PAGE_SIZE));
  return `/api/v1/tokens?${query}`;
}

/** GET /api/v1/tokens: the organisation's issued or received codes, metadata only. */
export const useCodes = (organizationId: string, filter: CodesFilter) =>
  useQuery({
    queryKey: codesKeys.list(organizationId, filter),
    queryFn: ({ signal }) => apiRequest<CodeList>(listPath(filter), { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/v1/tokens/verify: decrypts a code once. The answer is personal data: it is not
 * cached (gcTime 0), and the screen holds it only until it is cleared.
 */
export function useVerifyCode(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<StaffVerifyResult>('/api/v1/tokens/verify', { body: { token } }),
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: codesKeys.all(organizationId) }),
  });
}
