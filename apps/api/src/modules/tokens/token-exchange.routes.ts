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

/**
 * The lock covers every code: generate refuses a subject whose holder locked their national id,
 * and verify a code issued for it before the lock, consuming nothing (403).
 */
function withSubjectLocked<T extends Record<string, unknown>>(responses: T, why: string): T {
  declareProblem(responses, 'subject_locked', why);
  return responses;
}

/** Generate answering a verification request (request_id and match_number) can refuse so. */
function withRequestAnswers<T extends Record<string, unknown>>(responses: T): T {
  const answers: [Parameters<typeof declareProblem>[1], string][] = [
    ['audience_mismatch', 'the audience is not the one of the request'],
    ['field_not_requested', 'data holds a field the request did not ask for'],
    ['subject_mismatch', 'the subject is not the person the request names'],
    ['match_failed', 'the number picked is not the one the audience shows (three cancel it)'],
    ['verification_request_not_found', 'no such request (in this mode)'],
    ['request_fulfilled', 'the request is answered already'],
    ['request_expired', 'the request is past its expiry'],
    ['request_cancelled', 'the request was cancelled (by its audience, or three wrong numbers)'],
  ];
  for (const [code, note] of answers) declareProblem(responses, code, note);
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
        response: withRequestAnswers(
          withSubjectLocked(
            {
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
                  test_national_id_required:
                    'a test key names a subject.national_id outside the test ids (10 digits starting 1999999 or 2999999, valid check digit)',
                  test_national_id_in_live: 'a live key names a test subject.national_id',
                },
                rateLimit: 'sometimes',
              }),
              ...pipelineProblems(),
              ...bodyProblems('application/json'),
            },
            'the holder of the subject national id has locked it: no code is issued for it',
          ),
        ),
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
        response: withSubjectLocked(
          {
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
          'the code names a national id its holder has locked: nothing is used, and the code works again (once, while unexpired) after the unlock',
        ),
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      const { caller, meta } = verifier.of(request);
      reply.header('Cache-Control', 'no-store');
      return verifyToken(ctx, caller, meta, request.body.token, request.log);
    },
  );
}
