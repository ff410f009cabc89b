import { rolesWith, walletDailySummaryQuerySchema, walletQuerySchema } from '@tanqin/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { assertOwnOrganization, requireMember } from '../../plugins/authenticate.ts';
import { getCallLog, getDailySummary, getWalletSummary } from './wallet.service.ts';

/**
 * The wallet (spec section 7 "Wallet", served by this API instead of a hosted data service).
 * Every member role may read it; the organisation is always the caller's own.
 */
export async function walletRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  async function walletReader<S extends z.ZodType<{ organization_id?: string }>>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
  ) {
    const caller = await requireMember(ctx, request, rolesWith('wallet:read'));
    const query = parseInput(schema, request.query);
    assertOwnOrganization(caller, query.organization_id);
    // Billing figures of one organisation: never kept by a shared cache.
    reply.header('Cache-Control', 'private, no-store');
    return { organization: caller.organization, query };
  }

  app.get('/wallet', async (request, reply) => {
    const { organization } = await walletReader(request, reply, walletQuerySchema);
    return getWalletSummary(ctx, organization);
  });

  app.get('/wallet/usage', async (request, reply) => {
    const { organization } = await walletReader(request, reply, walletQuerySchema);
    return getCallLog(ctx, organization.id);
  });

  app.get('/wallet/daily-summary', async (request, reply) => {
    const { organization, query } = await walletReader(
      request,
      reply,
      walletDailySummaryQuerySchema,
    );
    return getDailySummary(ctx, organization, query.days);
  });
}
