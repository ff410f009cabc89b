import {
  auditChainReportSchema,
  auditCheckpointRunSchema,
  documentFileSchema,
  documentParamsSchema,
  documentReviewResultSchema,
  documentReviewSchema,
  secretsResealResultSchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { packEntries } from '../../lib/backup-file.ts';
import { type ContractApp, problemResponses } from '../../lib/contract.ts';
import { isOperator } from '../../lib/operator-token.ts';
import { runAuditCheckpoint, verifyAuditChain } from '../audit/index.ts';
import { reviewDocument } from '../documents/index.ts';
import { embeddedBackup } from './backup.ts';
import { resealSecrets } from './secrets-reseal.ts';

async function requireOperator(ctx: AppContext, request: FastifyRequest) {
  if (!isOperator(ctx, request.headers.authorization)) {
    throw new AppError('unauthenticated', 'Operator actions need the operator token', {
      headers: { 'WWW-Authenticate': 'Bearer realm="tanqin-operator"' },
    });
  }
}

/**
 * Operator actions, taken through the running server so it sees them at once (the commands in
 * src/commands call these). Guarded by OPERATOR_TOKEN; not for the web app.
 */
export async function operatorRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const operator = (request: FastifyRequest) => requireOperator(ctx, request);
  const tags = ['Operator'];
  const security = [{ operatorToken: [] }];

  app.post(
    '/operator/documents/:id/review',
    {
      schema: {
        summary: "Record a reviewer's decision on an individual's document",
        tags,
        security,
        params: documentParamsSchema,
        body: documentReviewSchema,
        response: {
          200: documentReviewResultSchema,
          ...problemResponses([
            'validation_failed',
            'invalid_json',
            'payload_too_large',
            'unsupported_media_type',
            'unauthenticated',
            'not_found',
          ]),
        },
      },
      preValidation: operator,
    },
    async (request) => {
      const { status, notes } = request.body;
      const { document } = await reviewDocument(ctx, request.params.id, status, notes);
      return { id: document.id, status: document.status, notes: document.notes };
    },
  );

  app.get(
    '/operator/audit/verify',
    {
      schema: {
        summary: "Recompute every organisation's audit chain and name the first broken row",
        tags,
        security,
        response: { 200: auditChainReportSchema, ...problemResponses(['unauthenticated']) },
      },
      preValidation: operator,
    },
    async () => verifyAuditChain(ctx),
  );

  app.post(
    '/operator/audit/checkpoint',
    {
      schema: {
        summary:
          'Append the audit rows written since the last checkpoint and sign a checkpoint now',
        tags,
        security,
        response: { 200: auditCheckpointRunSchema, ...problemResponses(['unauthenticated']) },
      },
      preValidation: operator,
    },
    async () => runAuditCheckpoint(ctx),
  );

  app.post(
    '/operator/secrets/reseal',
    {
      schema: {
        summary: 'Re-seal what a previous TOKEN_PEPPER sealed under the current one',
        tags,
        security,
        response: { 200: secretsResealResultSchema, ...problemResponses(['unauthenticated']) },
      },
      preValidation: operator,
    },
    async () => resealSecrets(ctx),
  );

  app.get(
    '/operator/backup',
    {
      schema: {
        summary:
          'A consistent copy of the embedded database and the files beside it (npm run backup encrypts it)',
        tags,
        security,
        response: {
          200: {
            description: 'The backup archive, not yet encrypted (docs/operations/backup.md)',
            content: { 'application/octet-stream': { schema: documentFileSchema } },
          },
          ...problemResponses(['unauthenticated', 'not_found']),
        },
      },
      preValidation: operator,
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'application/octet-stream')
        .header('Cache-Control', 'no-store')
        .send(packEntries(await embeddedBackup(ctx))),
  );
}
