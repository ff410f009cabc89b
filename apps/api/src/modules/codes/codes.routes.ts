import { codesListQuerySchema, rolesWith, staffVerifyTokenSchema } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireMember } from '../../plugins/authenticate.ts';
import { requestMeta } from '../public-api/pipeline.ts';
import { listCodes, verifyTokenAsMember } from './codes.service.ts';

/** The dashboard's codes screen: staff decrypt codes and list the organisation's codes. */
export async function codeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/tokens/verify', async (request, reply) => {
    const member = await requireMember(ctx, request, rolesWith('codes:verify'));
    const { token } = parseInput(staffVerifyTokenSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    return verifyTokenAsMember(ctx, member, requestMeta(request), token);
  });

  // Metadata only, readable by every member role, like the wallet.
  app.get('/tokens', async (request, reply) => {
    const member = await requireMember(ctx, request, rolesWith('codes:read'));
    const query = parseInput(codesListQuerySchema, request.query);
    reply.header('Cache-Control', 'private, no-store');
    return listCodes(ctx, member.organization.id, query);
  });
}
