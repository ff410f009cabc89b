import {
  acceptInvitationSchema,
  invitationPreviewAnswerSchema,
  invitationPreviewSchema,
  signedInSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { BODY_PROBLEMS, type ContractApp, problemAnswers } from '../../lib/contract.ts';
import { getUser, signedInAnswer } from '../auth/index.ts';
import { acceptInvitation, previewInvitation } from './members.service.ts';

/** /invitations: joining by an emailed link (what it is for, then accepting it). */
export function invitationRoutes(app: ContractApp, ctx: AppContext, tags: string[]) {
  // No sign-in: the emailed token is the credential. Both answers are never cached.
  app.post(
    '/invitations/preview',
    {
      schema: {
        summary: 'What an invitation link is for (organisation, email, role)',
        tags,
        security: [],
        body: invitationPreviewSchema,
        response: {
          200: invitationPreviewAnswerSchema,
          ...problemAnswers(BODY_PROBLEMS, ['invitation_invalid', 'too_many_requests']),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return previewInvitation(ctx, request.body.token, request.ip);
    },
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        summary: 'Join with the invitation link: create the account and sign in',
        tags,
        security: [],
        body: acceptInvitationSchema,
        response: {
          201: signedInSchema,
          ...problemAnswers(BODY_PROBLEMS, [
            'invitation_invalid',
            'already_member',
            'too_many_requests',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { userId, session } = await acceptInvitation(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const user = await getUser(ctx, userId);
      return reply.code(201).send(await signedInAnswer(ctx, reply, user, session));
    },
  );
}
