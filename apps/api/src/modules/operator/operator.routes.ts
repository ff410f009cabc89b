import { documentParamsSchema, documentReviewSchema } from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto.ts';
import { parseInput } from '../../lib/validate.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { reviewDocument } from '../documents/documents.service.ts';

/** `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time (both sides hashed first). */
function requireOperator(ctx: AppContext, request: FastifyRequest) {
  const expected = ctx.config.operatorToken;
  const presented = /^bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
  const hash = (value: string) => hmacSha256(ctx.keys.pepper, `operator:${value}`);
  if (!expected || !constantTimeEqual(hash(presented), hash(expected))) {
    throw new AppError('unauthenticated', 'Operator actions need the operator token', {
      headers: { 'WWW-Authenticate': 'Bearer realm="tanqin-operator"' },
    });
  }
}

/**
 * Operator actions, taken through the running server so it sees them at once (the commands in
 * src/commands call these). Guarded by OPERATOR_TOKEN; not for the web app.
 */
export async function operatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', async (request) => requireOperator(ctx, request));

  app.post('/operator/documents/:id/review', async (request) => {
    const { id } = parseInput(documentParamsSchema, request.params);
    const { status, notes } = parseInput(documentReviewSchema, request.body);
    const { document } = await reviewDocument(ctx, id, status, notes);
    return { id: document.id, status: document.status, notes: document.notes };
  });

  app.get('/operator/audit/verify', async () => verifyAuditChain(ctx));
}
