import type {
  CreateVerificationRequest,
  VerificationRequest,
  VerificationRequestList,
} from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often an open request is asked whether it was answered. */
export const REQUEST_POLL_MS = 2000;

export const requestKeys = {
  all: (organizationId: string) => ['verification-requests', organizationId] as const,
  one: (organizationId: string, requestId: string) =>
    ['verification-requests', organizationId, requestId] as const,
};

/** GET /api/v1/verification-requests: the organisation's open requests. */
export const useOpenRequests = (organizationId: string) =>
  useQuery({
    queryKey: requestKeys.all(organizationId),
    queryFn: ({ signal }) =>
      apiRequest<VerificationRequestList>('/api/v1/verification-requests', { signal }),
    refetchInterval: REQUEST_POLL_MS * 5,
  });

/**
 * GET /api/v1/verification-requests/:id, asked again every few seconds while it is pending: the
 * answer (the code) arrives by itself. Not cached: it may carry the code.
 */
export const useRequest = (organizationId: string, requestId: string | undefined) =>
  useQuery({
    queryKey: requestKeys.one(organizationId, requestId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<VerificationRequest>(
        `/api/v1/verification-requests/${encodeURIComponent(requestId!)}`,
        { signal },
      ),
    enabled: requestId !== undefined,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? REQUEST_POLL_MS : false),
  });

/** POST /api/v1/verification-requests: ask for data. */
export function useAskForData(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVerificationRequest) =>
      apiRequest<VerificationRequest>('/api/v1/verification-requests', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(organizationId) }),
  });
}

/** POST /api/v1/verification-requests/:id/cancel. */
export function useCancelRequest(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiRequest<VerificationRequest>(
        `/api/v1/verification-requests/${encodeURIComponent(requestId)}/cancel`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(organizationId) }),
  });
}
