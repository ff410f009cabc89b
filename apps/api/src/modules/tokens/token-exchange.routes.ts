import {
  generateTokenResponseSchema,
  generateTokenSchema,
  verifyTokenResponseSchema,
  verifyTokenSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, declareProblem, guard } from '../../lib/contract.ts';
import {
  admitApiCall,
  BEFORE_AUTHENTICATION,
  billedSuccess,
  bodyProblems,
  noStoreHeader,
  pipelineProblems,
  v1Problems,
  v1Security,
} from '../public-api/index.ts';
import { generateToken, verifyToken } from './tokens.service.ts';

/** Generate also refuses a subject whose holder locked their national id (403). */
function withSubjectLocked<T extends Record<string, unknown>>(responses: T): T {
  declareProblem(
    responses,
    'subject_locked',
    'the holder of the subject national id has locked it against new codes',
  );
  return responses;
}

/** A code's exchange (/v1/tokens/generate and /verify): the issuer makes it, its audience uses it. */
export function tokenExchangeRoutes(app: ContractApp, ctx: AppContext) {
  // The pipeline admits the call before its body is validated (ARCHITECTURE.md 5).
  const generator = guard((request, reply) =>
    admitApiCall(ctx, request, reply, ['token:generate']),
  );
  const verifier = guard((request, reply) => admitApiCall(ctx, request, reply, ['token:verify']));

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
}
