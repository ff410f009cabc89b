import {
  acceptInvitationSchema,
  changeMemberRoleSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  inviteMemberSchema,
  memberParamsSchema,
  organizationIdParamsSchema,
  rolesWith,
} from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { signedInAnswer } from '../auth/auth.routes.ts';
import { getUser } from '../auth/auth.service.ts';
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  listMembers,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from './members.service.ts';

/** Members, roles and invitations of an organisation (owners and admins), and joining by link. */
export async function memberRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const manager = async (request: FastifyRequest) => {
    const member = await requireMember(ctx, request, rolesWith('members:manage'));
    assertOwnOrganization(member, parseInput(organizationIdParamsSchema, request.params).id);
    return member;
  };

  app.get('/organizations/:id/members', async (request, reply) => {
    const caller = await manager(request);
    reply.header('Cache-Control', 'private, no-store');
    return listMembers(ctx, caller);
  });

  app.post('/organizations/:id/members/invite', async (request, reply) => {
    const caller = await manager(request);
    const input = parseInput(inviteMemberSchema, request.body);
    const invitation = await inviteMember(ctx, caller, input);
    return reply.code(201).send({ success: true, invitation });
  });

  app.delete('/organizations/:id/invitations/:invitationId', async (request) => {
    const caller = await manager(request);
    const { invitationId } = parseInput(invitationParamsSchema, request.params);
    await revokeInvitation(ctx, caller, invitationId);
    return { success: true };
  });

  app.patch('/organizations/:id/members/:userId', async (request) => {
    const caller = await manager(request);
    const { userId } = parseInput(memberParamsSchema, request.params);
    const { role } = parseInput(changeMemberRoleSchema, request.body);
    return { success: true, member: await changeMemberRole(ctx, caller, userId, role) };
  });

  app.delete('/organizations/:id/members/:userId', async (request) => {
    const caller = await manager(request);
    const { userId } = parseInput(memberParamsSchema, request.params);
    await removeMember(ctx, caller, userId);
    return { success: true };
  });

  // No sign-in: the emailed token is the credential. Both answers are never cached.
  app.post('/invitations/preview', async (request, reply) => {
    const { token } = parseInput(invitationPreviewSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    return previewInvitation(ctx, token, request.ip);
  });

  app.post('/invitations/accept', async (request, reply) => {
    const input = parseInput(acceptInvitationSchema, request.body);
    const { userId, session } = await acceptInvitation(ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const user = await getUser(ctx, userId);
    return reply.code(201).send(await signedInAnswer(ctx, reply, user, session));
  });
}
