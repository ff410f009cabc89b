import {
  receiptSchema,
  revokeTokenResponseSchema,
  tokenIdParamsSchema,
  tokenStatusResponseSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, guard } from '../../lib/contract.ts';
import { RECEIPT_RETRY_SECONDS } from '../audit/index.ts';
import {
  admitApiCall,
  BEFORE_AUTHENTICATION,
  billedSuccess,
  bodyProblems,
  pathProblems,
  pipelineProblems,
  v1Problems,
  v1Security,
} from '../public-api/index.ts';
import { getTokenReceipt, getTokenStatus, revokeTokenByIssuer } from './tokens.service.ts';

/** The refusals of a read of one code by its issuer or audience (status, receipt). */
function readerProblems() {
  return {
    ...v1Problems(
      {
        summary: 'The token_id is not acceptable',
        codes: {
          validation_failed: 'token_id is over 64 characters',
          bad_request: `token_id is not valid percent-encoding (${BEFORE_AUTHENTICATION})`,
        },
        rateLimit: 'sometimes',
      },
      {
        summary: 'No such code for the caller',
        codes: {
          token_not_found: 'unknown, or neither issued by nor addressed to the caller',
        },
        rateLimit: 'always',
      },
    ),
    ...pipelineProblems(),
    ...pathProblems(),
  };
}

/** One code by its token_id (/v1/tokens/:token_id/...): its status, its receipt, its revocation. */
export function tokenRecordRoutes(app: ContractApp, ctx: AppContext) {
  // The pipeline admits the call before its path is validated (ARCHITECTURE.md 5).
  const reader = guard((request, reply) =>
    admitApiCall(ctx, request, reply, ['token:verify', 'token:generate']),
  );
  const revoker = guard((request, reply) => admitApiCall(ctx, request, reply, ['token:revoke']));

  app.get(
    '/tokens/:token_id/status',
    {
      schema: {
        operationId: 'getTokenStatus',
        summary:
          'Status of a code (scope token:verify or token:generate), for its issuer or audience',
        security: v1Security('token:verify', 'token:generate'),
        params: tokenIdParamsSchema,
        response: {
          200: billedSuccess(tokenStatusResponseSchema, 'The status. Billed.'),
          ...readerProblems(),
        },
      },
      preValidation: reader.check,
    },
    async (request) => {
      const { caller, meta } = reader.of(request);
      return getTokenStatus(ctx, caller, meta, request.params.token_id);
    },
  );

  app.get(
    '/tokens/:token_id/receipt',
    {
      schema: {
        operationId: 'getTokenReceipt',
        summary:
          'Receipt of a code (scope token:verify or token:generate), for its issuer or audience: its issue and use, each with an inclusion proof and the signed checkpoint',
        description:
          'Each entry is checkable offline with the keys at /.well-known/tanqin-audit-keys ' +
          '(RFC 9162 inclusion proof, C2SP signed checkpoint). An issue or use not yet in a signed ' +
          'checkpoint (up to one checkpoint interval, about a minute) is listed under `pending` and ' +
          'the answer carries Retry-After. Not billed.',
        security: v1Security('token:verify', 'token:generate'),
        params: tokenIdParamsSchema,
        response: {
          200: billedSuccess(receiptSchema, 'The receipt. Not billed.', {
            'Retry-After': {
              description:
                'Present when `pending` is not empty: seconds until it is worth asking again',
              required: false,
              schema: { type: 'integer', minimum: 1 },
            },
          }),
          ...readerProblems(),
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      const { caller } = reader.of(request);
      const receipt = await getTokenReceipt(ctx, caller, request.params.token_id);
      reply.header('Cache-Control', 'no-store');
      if (receipt.pending.length > 0) reply.header('Retry-After', String(RECEIPT_RETRY_SECONDS));
      return receipt;
    },
  );

  app.post(
    '/tokens/:token_id/revoke',
    {
      schema: {
        operationId: 'revokeToken',
        summary: 'Revoke an active code (scope token:revoke), issuer only',
        description:
          'Takes no body. Revoking an already revoked code answers 200 again (and is billed).',
        security: v1Security('token:revoke'),
        params: tokenIdParamsSchema,
        response: {
          200: billedSuccess(
            revokeTokenResponseSchema,
            'Revoked; its ciphertext is deleted. Billed.',
          ),
          ...v1Problems(
            {
              summary: 'The token_id or a body sent anyway is not acceptable',
              codes: {
                validation_failed: 'token_id is over 64 characters',
                bad_request: `token_id is not valid percent-encoding (${BEFORE_AUTHENTICATION})`,
                invalid_json: `a body was sent as JSON and is not JSON (${BEFORE_AUTHENTICATION})`,
              },
              rateLimit: 'sometimes',
            },
            {
              summary: 'No such code issued by the caller',
              codes: { token_not_found: 'unknown, or not issued by the caller' },
              rateLimit: 'always',
            },
            {
              summary: 'The code can no longer be revoked',
              codes: { token_used: 'already verified', token_expired: 'past expires_at' },
              rateLimit: 'always',
            },
          ),
          ...pipelineProblems(),
          ...bodyProblems('application/json'),
          ...pathProblems(),
        },
      },
      preValidation: revoker.check,
    },
    async (request) => {
      const { caller, meta } = revoker.of(request);
      return revokeTokenByIssuer(ctx, caller, meta, request.params.token_id);
    },
  );
}
