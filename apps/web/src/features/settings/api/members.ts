import type {
  InvitationSent,
  InviteMemberInput,
  MemberRole,
  MemberRoleChanged,
  MembersResponse,
  SuccessOnly,
} from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationPath, settingsKeys } from './query-keys.ts';

/** GET /api/v1/organizations/:id/members: the members and the pending invitations. */
export const useMembers = (organizationId: string) =>
  useQuery({
    queryKey: settingsKeys.members(organizationId),
    queryFn: ({ signal }) =>
      apiRequest<MembersResponse>(`${organizationPath(organizationId)}/members`, { signal }),
  });

/** Every change to the team answers with the list read again. */
function useMembersMutation<TVariables, TResult>(
  organizationId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.members(organizationId) }),
  });
}

/** POST .../members/invite: 201 with the invitation; the invitee gets an emailed link. */
export const useInviteMember = (organizationId: string) =>
  useMembersMutation(organizationId, (body: InviteMemberInput) =>
    apiRequest<InvitationSent>(`${organizationPath(organizationId)}/members/invite`, {
      method: 'POST',
      body,
    }),
  );

/** DELETE .../invitations/:invitationId: the link stops working. */
export const useRevokeInvitation = (organizationId: string) =>
  useMembersMutation(organizationId, (invitationId: string) =>
    apiRequest<SuccessOnly>(
      `${organizationPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
      { method: 'DELETE' },
    ),
  );

/** PATCH .../members/:userId {role}; 409 last_owner when it would leave no owner. */
export const useChangeMemberRole = (organizationId: string) =>
  useMembersMutation(organizationId, ({ userId, role }: { userId: string; role: MemberRole }) =>
    apiRequest<MemberRoleChanged>(
      `${organizationPath(organizationId)}/members/${encodeURIComponent(userId)}`,
      { method: 'PATCH', body: { role } },
    ),
  );

/** DELETE .../members/:userId; 409 last_owner for the only owner. */
export const useRemoveMember = (organizationId: string) =>
  useMembersMutation(organizationId, (userId: string) =>
    apiRequest<SuccessOnly>(
      `${organizationPath(organizationId)}/members/${encodeURIComponent(userId)}`,
      {
        method: 'DELETE',
      },
    ),
  );
