import { rolesWith } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requireMember } from '../../plugins/authenticate.ts';
import { verifyAuditChain } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The organisation's own chain: every issue, use, failed use, revocation and expiry of its codes.
  app.get('/audit/verify', async (request) => {
    const member = await requireMember(ctx, request, rolesWith('security:read'));
    return verifyAuditChain(ctx, member.organization.id);
  });
}
