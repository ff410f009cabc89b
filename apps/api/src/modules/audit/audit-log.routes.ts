import {
  AUDIT_KEYS_PATH,
  auditKeySetSchema,
  auditOrganizationParamsSchema,
  auditOrganizationSchema,
  checkpointParamsSchema,
  consistencyProofSchema,
  consistencyQuerySchema,
  signedCheckpointSchema,
} from '@tanqin/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractApp } from '../../lib/contract.ts';
import { publicOrganizationName } from '../organizations/index.ts';
import { v1Problems } from '../public-api/index.ts';
import {
  auditKeySet,
  type CheckpointRow,
  checkpointById,
  consistencyBetween,
  latestCheckpoint,
} from './audit-checkpoints.ts';

const tags = ['Audit log'];
const noCredentials: Array<Record<string, string[]>> = [];
const serverError = {
  summary: 'Unexpected server error',
  codes: { internal_error: 'nothing the client can fix' },
};
const textCheckpoint = (description: string) => ({
  description,
  content: { 'text/plain': { schema: signedCheckpointSchema } },
});

function sendCheckpoint(reply: FastifyReply, checkpoint: CheckpointRow | undefined, cache: string) {
  if (!checkpoint) throw new AppError('not_found', 'No such checkpoint yet');
  return reply
    .type('text/plain; charset=utf-8')
    .header('Cache-Control', cache)
    .send(checkpoint.note);
}

/** The signed audit log's public side (/v1/audit): no credentials, nothing secret. */
export async function auditLogRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  app.get(
    '/audit/checkpoints/latest',
    {
      schema: {
        operationId: 'getLatestAuditCheckpoint',
        summary: 'The latest signed checkpoint of the audit log (no credentials)',
        tags,
        security: noCredentials,
        response: {
          200: textCheckpoint('The signed note, text/plain'),
          ...v1Problems(
            { summary: 'No checkpoint signed yet', codes: { not_found: 'the log is new' } },
            serverError,
          ),
        },
      },
    },
    async (_request, reply) => sendCheckpoint(reply, await latestCheckpoint(ctx.db), 'no-cache'),
  );

  app.get(
    '/audit/checkpoints/:id',
    {
      schema: {
        operationId: 'getAuditCheckpoint',
        summary: 'A signed checkpoint of the audit log by its number (no credentials)',
        tags,
        security: noCredentials,
        params: checkpointParamsSchema,
        response: {
          200: textCheckpoint('The signed note, text/plain; it never changes'),
          ...v1Problems(
            {
              summary: 'The id is not a number from 1',
              codes: { validation_failed: 'id is not a whole number from 1' },
            },
            { summary: 'No such checkpoint', codes: { not_found: 'not signed (yet)' } },
            serverError,
          ),
        },
      },
    },
    async (request, reply) =>
      sendCheckpoint(
        reply,
        await checkpointById(ctx.db, request.params.id),
        'public, max-age=31536000, immutable',
      ),
  );

  app.get(
    '/audit/consistency',
    {
      schema: {
        operationId: 'getAuditConsistencyProof',
        summary:
          'Consistency proof between two signed tree sizes of the audit log (no credentials)',
        tags,
        security: noCredentials,
        querystring: consistencyQuerySchema,
        response: {
          200: consistencyProofSchema,
          ...v1Problems(
            {
              summary: 'The sizes are not acceptable',
              codes: {
                validation_failed: 'from or to missing, not whole numbers from 1, or from over to',
              },
            },
            {
              summary: 'Not both sizes of signed checkpoints',
              codes: { not_found: 'no checkpoint has one of the sizes' },
            },
            serverError,
          ),
        },
      },
    },
    async (request, reply) => {
      const proof = await consistencyBetween(ctx.db, request.query.from, request.query.to);
      if (!proof) throw new AppError('not_found', 'Both sizes must be sizes of signed checkpoints');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return proof;
    },
  );

  app.get(
    '/audit/organizations/:organization_id',
    {
      schema: {
        operationId: 'getAuditOrganization',
        summary:
          "The name of an organisation an audit entry records by id, for a receipt's reader (no credentials)",
        tags,
        security: noCredentials,
        params: auditOrganizationParamsSchema,
        response: {
          200: auditOrganizationSchema,
          ...v1Problems(
            {
              summary: 'The id is not an organisation id',
              codes: { validation_failed: 'organization_id is not a UUID' },
            },
            { summary: 'No such organisation', codes: { not_found: 'unknown id' } },
            serverError,
          ),
        },
      },
    },
    async (request, reply) => {
      const organization = await publicOrganizationName(ctx, request.params.organization_id);
      if (!organization) throw new AppError('not_found', 'No such organisation');
      reply.header('Cache-Control', 'public, max-age=300');
      return organization;
    },
  );
}

/** The published keys, JWKS with each key's note verifier: every key that ever signed. */
export async function auditKeysRoute(app: ContractApp, { ctx }: { ctx: AppContext }) {
  app.get(
    AUDIT_KEYS_PATH,
    { schema: { hide: true, response: { 200: auditKeySetSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return auditKeySet(ctx);
    },
  );
}
