import { personalCodeParamsSchema } from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireIndividual } from '../../plugins/authenticate.ts';
import { listPersonalCodes, revokePersonalCode } from './personal-codes.service.ts';

/** A malformed id is answered like an unknown one: 404, nothing learnt. */
function codeId(request: FastifyRequest): string {
  const parsed = personalCodeParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('not_found', 'Code not found');
  return parsed.data.id;
}

/** The person's own codes: where they went, and a way to stop one. */
export async function personalCodeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/me/codes', async (request, reply) => {
    const person = await requireIndividual(ctx, request);
    reply.header('Cache-Control', 'private, no-store');
    return listPersonalCodes(ctx, person.userId);
  });

  app.post('/me/codes/:id/revoke', async (request, reply) => {
    const person = await requireIndividual(ctx, request);
    reply.header('Cache-Control', 'no-store');
    return revokePersonalCode(ctx, person.userId, codeId(request));
  });

  // The same, in the shape ARCHITECTURE.md section 6 names (the web app uses /me/codes).
  app.get('/individuals/me/tokens', async (request, reply) => {
    const person = await requireIndividual(ctx, request);
    reply.header('Cache-Control', 'private, no-store');
    const { codes } = await listPersonalCodes(ctx, person.userId);
    return {
      tokens: codes.map((code) => ({
        token_id: code.id,
        issuer: { name: code.issuer.name },
        audience: code.audience,
        status: code.status,
        created_at: code.created_at,
        expires_at: code.expires_at,
        data_scope: code.data_scope,
        usage: code.trail
          .filter((entry) => entry.action === 'verified')
          .map((entry) => ({
            organization: { name: entry.organization_name },
            at: entry.at,
            fields: entry.fields ?? [],
          })),
      })),
    };
  });

  app.post('/individuals/me/tokens/:id/revoke', async (request, reply) => {
    const person = await requireIndividual(ctx, request);
    reply.header('Cache-Control', 'no-store');
    await revokePersonalCode(ctx, person.userId, codeId(request));
    return { success: true, status: 'revoked' as const };
  });
}
