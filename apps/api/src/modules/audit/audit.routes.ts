import { auditChainReportSchema, rolesWith } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, guard, MEMBER_PROBLEMS, problemAnswers } from '../../lib/contract.ts';
import { requireMember } from '../auth/index.ts';
import { verifyAuditChain } from './audit.service.ts';

export async function auditRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const reader = guard((request) => requireMember(ctx, request, rolesWith('security:read')));

  // The organisation's own chain: every issue, use, failed use, revocation and expiry of its codes.
  app.get(
    '/audit/verify',
    {
      schema: {
        summary: "Recompute the organisation's audit chains and name the first broken row",
        tags: ['Security'],
        response: { 200: auditChainReportSchema, ...problemAnswers(MEMBER_PROBLEMS) },
      },
      preValidation: reader.check,
    },
    async (request) => verifyAuditChain(ctx, reader.of(request).organization.id),
  );
}
