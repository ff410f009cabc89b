import { generateTokenSchema, tokenIdParamsSchema, verifyTokenSchema } from '@tanqin/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validate.ts';
import { buildOpenApiDocument } from '../public-api/openapi.ts';
import { admitApiCall } from '../public-api/pipeline.ts';
import {
  generateToken,
  getTokenStatus,
  revokeTokenByIssuer,
  verifyToken,
} from './tokens.service.ts';

/** The public token API (/v1/tokens). Each route passes the pipeline, then one service call. */
export async function tokenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const openApiDocument = buildOpenApiDocument(ctx.config.publicUrl);
  app.get('/openapi.json', async () => openApiDocument);

  app.post('/tokens/generate', async (request, reply) => {
    const { caller, meta } = await admitApiCall(ctx, request, reply, ['token:generate']);
    const input = parseInput(generateTokenSchema, request.body);
    return reply.code(201).send(await generateToken(ctx, caller, meta, input));
  });

  app.post('/tokens/verify', async (request, reply) => {
    const { caller, meta } = await admitApiCall(ctx, request, reply, ['token:verify']);
    const { token } = parseInput(verifyTokenSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    return verifyToken(ctx, caller, meta, token);
  });

  app.get('/tokens/:token_id/status', async (request, reply) => {
    const { caller, meta } = await admitApiCall(ctx, request, reply, [
      'token:verify',
      'token:generate',
    ]);
    const { token_id } = parseInput(tokenIdParamsSchema, request.params);
    return getTokenStatus(ctx, caller, meta, token_id);
  });

  app.post('/tokens/:token_id/revoke', async (request, reply) => {
    const { caller, meta } = await admitApiCall(ctx, request, reply, ['token:revoke']);
    const { token_id } = parseInput(tokenIdParamsSchema, request.params);
    return revokeTokenByIssuer(ctx, caller, meta, token_id);
  });
}
