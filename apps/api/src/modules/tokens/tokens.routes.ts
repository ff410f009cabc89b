import {
  generateTokenResponseSchema,
  generateTokenSchema,
  receiptSchema,
  revokeTokenResponseSchema,
  type Scope,
  tokenIdParamsSchema,
  tokenStatusResponseSchema,
  verifyTokenResponseSchema,
  verifyTokenSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, declareProblem, guard } from '../../lib/contract.ts';
import { RECEIPT_RETRY_SECONDS } from '../audit/audit-receipts.ts';
import { admitApiCall } from '../public-api/pipeline.ts';
import {
  BEFORE_AUTHENTICATION,
  billedSuccess,
  bodyProblems,
  noStoreHeader,
  pathProblems,
  pipelineProblems,
  v1Problems,
  v1Security,
} from '../public-api/v1-answers.ts';
import {
  generateToken,
  getTokenReceipt,
  getTokenStatus,
  revokeTokenByIssuer,
  verifyToken,
} from './tokens.service.ts';

/** The public token API (/v1/tokens). Each route passes the pipeline, then one service call. */
/** Generate also refuses a subject whose holder locked their national id (403). */
function withSubjectLocked<T extends Record<string, unknown>>(responses: T): T {
  declareProblem(
    responses,
    'subject_locked',
    'the holder of the subject national id has locked it against new codes',
  );
  return responses;
}

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

export async function tokenRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  // The pipeline admits the call before its body or path is validated (ARCHITECTURE.md 5).
  const admitted = (...anyOf: Scope[]) =>
    guard((request, reply) => admitApiCall(ctx, request, reply, anyOf));
  const generator = admitted('token:generate');
  const verifier = admitted('token:verify');
  const reader = admitted('token:verify', 'token:generate');
  const revoker = admitted('token:revoke');

  app.post(
    '/tokens/generate',
    {
      schema: {
        operationId: 'generateToken',
        summary: 'Issue a one-time code (scope token:generate)',
        security: v1Security('token:generate'),
        body: generateTokenSchema,
        response: withSubjectLocked({
          201: billedSuccess(
            generateTokenResponseSchema,
            'The code, shown once; only its audience can verify it. Billed.',
          ),
          ...v1Problems({
            summary: 'The body is not acceptable',
            codes: {
              validation_failed: 'fields are invalid (see errors and detail_ar)',
              payload_too_deep: 'data nests deeper than 8 levels or holds over 1000 values',
              invalid_json: `the body is not JSON (${BEFORE_AUTHENTICATION})`,
              invalid_audience: 'audience is not the client_id of a registered organisation',
            },
            rateLimit: 'sometimes',
          }),
          ...pipelineProblems(),
          ...bodyProblems('application/json'),
        }),
      },
      preValidation: generator.check,
    },
    async (request, reply) => {
      const { caller, meta } = generator.of(request);
      return reply
        .code(201)
        .send(await generateToken(ctx, caller, meta, request.body, request.log));
    },
  );

  app.post(
    '/tokens/verify',
    {
      schema: {
        operationId: 'verifyToken',
        summary: 'Verify and decrypt a code, once (scope token:verify)',
        security: v1Security('token:verify'),
        body: verifyTokenSchema,
        response: {
          200: billedSuccess(
            verifyTokenResponseSchema,
            'The shared data; the code is now used and its ciphertext deleted. Billed.',
            { 'Cache-Control': noStoreHeader('The answer carries personal data') },
          ),
          ...v1Problems(
            {
              summary: 'The body or the code is not acceptable',
              codes: {
                validation_failed: 'fields are invalid (see errors and detail_ar)',
                invalid_json: `the body is not JSON (${BEFORE_AUTHENTICATION})`,
                token_malformed: 'the check character does not match: a typo',
              },
              rateLimit: 'sometimes',
            },
            {
              summary: 'No such code for the caller',
              codes: { token_not_found: 'unknown, or addressed to another organisation' },
              rateLimit: 'always',
            },
            {
              summary: 'The code no longer works',
              codes: {
                token_used: 'already verified',
                token_expired: 'past expires_at',
                token_revoked: 'revoked by its issuer or the individual',
              },
              rateLimit: 'always',
            },
          ),
          ...pipelineProblems(),
          ...bodyProblems('application/json'),
        },
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      const { caller, meta } = verifier.of(request);
      reply.header('Cache-Control', 'no-store');
      return verifyToken(ctx, caller, meta, request.body.token);
    },
  );

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
