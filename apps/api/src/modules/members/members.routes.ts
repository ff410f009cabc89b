import {
  changeMemberRoleSchema,
  invitationParamsSchema,
  invitationSentSchema,
  inviteMemberSchema,
  memberParamsSchema,
  memberRoleChangedSchema,
  membersResponseSchema,
  organizationIdParamsSchema,
  rolesWith,
  successOnlySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';
import { invitationRoutes } from './invitations.routes.ts';
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  removeMember,
  revokeInvitation,
} from './members.service.ts';

/**
 * Members, roles and invitations of an organisation (owners and admins), then joining by link
 * (invitations.routes.ts).
 */
export async function memberRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const manager = guard((request) => requireMember(ctx, request, rolesWith('members:manage')));
  /** The manager, on the organisation of the path (another organisation's id answers 404). */
  const managerOf = (request: Parameters<typeof manager.of>[0], organizationId: string) => {
    const caller = manager.of(request);
    assertOwnOrganization(caller, organizationId);
    return caller;
  };
  const tags = ['Members'];

  app.get(
    '/organizations/:id/members',
    {
      schema: {
        summary: 'Members and pending invitations (owners and admins)',
        tags,
        params: organizationIdParamsSchema,
        response: { 200: membersResponseSchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const caller = managerOf(request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return listMembers(ctx, caller);
    },
  );

  app.post(
    '/organizations/:id/members/invite',
    {
      schema: {
        summary: 'Invite someone by email with a role (the link works for 7 days)',
        tags,
        params: organizationIdParamsSchema,
        body: inviteMemberSchema,
        response: {
          201: invitationSentSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS, [
            'already_member',
            'invitation_pending',
            'mail_unavailable',
            'too_many_requests',
            'destination_limited',
            'invitations_limited',
          ]),
        },
      },
      preValidation: manager.check,
    },
    async (request, reply) => {
      const caller = managerOf(request, request.params.id);
      const invitation = await inviteMember(ctx, caller, request.body);
      return reply.code(201).send({ success: true as const, invitation });
    },
  );

  app.delete(
    '/organizations/:id/invitations/:invitationId',
    {
      schema: {
        summary: 'Withdraw a pending invitation',
        tags,
        params: invitationParamsSchema,
        response: { 200: successOnlySchema, ...problemAnswers(OWN_ORGANIZATION_PROBLEMS) },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const caller = managerOf(request, request.params.id);
      await revokeInvitation(ctx, caller, request.params.invitationId);
      return { success: true as const };
    },
  );

  app.patch(
    '/organizations/:id/members/:userId',
    {
      schema: {
        summary: "Change a member's role (only owners make or unmake owners)",
        tags,
        params: memberParamsSchema,
        body: changeMemberRoleSchema,
        response: {
          200: memberRoleChangedSchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, BODY_PROBLEMS, ['last_owner']),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const caller = managerOf(request, request.params.id);
      const member = await changeMemberRole(ctx, caller, request.params.userId, request.body.role);
      return { success: true as const, member };
    },
  );

  app.delete(
    '/organizations/:id/members/:userId',
    {
      schema: {
        summary: 'Remove a member: their account and sessions end at once',
        tags,
        params: memberParamsSchema,
        response: {
          200: successOnlySchema,
          ...problemAnswers(OWN_ORGANIZATION_PROBLEMS, ['last_owner']),
        },
      },
      preValidation: manager.check,
    },
    async (request) => {
      const caller = managerOf(request, request.params.id);
      await removeMember(ctx, caller, request.params.userId);
      return { success: true as const };
    },
  );

  invitationRoutes(app, ctx, tags);
}
