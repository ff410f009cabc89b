import type { AcceptInvitationInput, InvitationPreview, SignedIn } from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/session.ts';

/**
 * POST /api/v1/invitations/preview: who invites, which email and role; 404 invitation_invalid
 * for a used, revoked, expired or unknown link. Not kept in the cache once the page closes.
 */
export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['invitations', 'preview'],
    queryFn: ({ signal }) =>
      apiRequest<InvitationPreview>('/api/v1/invitations/preview', {
        method: 'POST',
        body: { token },
        signal,
      }),
    enabled: token !== null,
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * POST /api/v1/invitations/accept: creates the account and answers like the sign-in, so the new
 * member's token goes where the sign-in form puts it.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInvitationInput) => {
      return apiRequest<SignedIn>('/api/v1/invitations/accept', { method: 'POST', body: input });
    },
    onSuccess: ({ token }) => {
      // Answers cached for an earlier session must not show through the new one.
      queryClient.clear();
      setToken('org', token);
    },
  });
}
