import {
  createVerificationRequestSchema,
  verificationRequestParamsSchema,
  verificationRequestReadSchema,
  verificationRequestSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, guard } from '../../lib/contract.ts';
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
import { askForData } from './tokens.service.ts';
import {
  cancelVerificationRequest,
  readVerificationRequest,
} from './verification-requests.service.ts';

const pathProblems = () =>
  v1Problems({
    summary: 'request_id is over 100 characters',
    codes: { uri_too_long: BEFORE_AUTHENTICATION },
  });

const unknownRequest = (who: string) => ({
  summary: 'No such request for the caller',
  codes: { verification_request_not_found: who },
  rateLimit: 'always' as const,
});

const badId = {
  summary: 'The request_id is not acceptable',
  codes: {
    validation_failed: 'request_id is over 64 characters',
    bad_request: `request_id is not valid percent-encoding (${BEFORE_AUTHENTICATION})`,
  },
  rateLimit: 'sometimes' as const,
};

/**
 * Verification requests (/v1/verification-requests): the audience asks for fields with a purpose
 * and shows a number; an issuer answers with POST /v1/tokens/generate naming the request.
 */
export function verificationRequestRoutes(app: ContractApp, ctx: AppContext) {
  const asker = guard((request, reply) => admitApiCall(ctx, request, reply, ['token:verify']));
  const reader = guard((request, reply) =>
    admitApiCall(ctx, request, reply, ['token:verify', 'token:generate']),
  );

  app.post(
    '/verification-requests',
    {
      schema: {
        operationId: 'createVerificationRequest',
        summary: 'Ask for data: fields, purpose, expiry (scope token:verify)',
        description:
          'Answers the request id, its public link (show its QR at a counter) and the match ' +
          'number to show the person, who picks the same number in an issuer’s app. Billed ' +
          'once, like a status call.',
        security: v1Security('token:verify'),
        body: createVerificationRequestSchema,
        response: {
          201: billedSuccess(verificationRequestSchema, 'The request, pending. Billed.', {
            'Cache-Control': noStoreHeader('The answer carries the match number'),
          }),
          ...v1Problems({
            summary: 'The body is not acceptable',
            codes: {
              validation_failed: 'fields, purpose, expires_in or subject are invalid',
              invalid_json: `the body is not JSON (${BEFORE_AUTHENTICATION})`,
            },
            rateLimit: 'sometimes',
          }),
          ...pipelineProblems(),
          ...bodyProblems('application/json'),
        },
      },
      preValidation: asker.check,
    },
    async (request, reply) => {
      const { caller, meta } = asker.of(request);
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send(await askForData(ctx, caller, meta, request.body));
    },
  );

  app.get(
    '/verification-requests/:request_id',
    {
      schema: {
        operationId: 'getVerificationRequest',
        summary:
          'A request (scope token:verify or token:generate): all of it for its audience, who asks and for what for an issuer',
        description:
          'The audience (scope token:verify) reads the status, the match number and, once ' +
          'fulfilled, the code itself (`token`) until it is used or expires. Another ' +
          'organisation with scope token:generate reads who asks (verified name, client id), ' +
          'the fields, purpose, expiry and status: never the number, never the code. Not billed.',
        security: v1Security('token:verify', 'token:generate'),
        params: verificationRequestParamsSchema,
        response: {
          200: billedSuccess(verificationRequestReadSchema, 'The request. Not billed.', {
            'Cache-Control': noStoreHeader('The answer may carry the code'),
          }),
          ...v1Problems(
            badId,
            unknownRequest('unknown, or neither the audience nor an issuer (token:generate)'),
          ),
          ...pipelineProblems(),
          ...pathProblems(),
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      const { caller } = reader.of(request);
      reply.header('Cache-Control', 'no-store');
      return readVerificationRequest(ctx, caller, request.params.request_id);
    },
  );

  app.post(
    '/verification-requests/:request_id/cancel',
    {
      schema: {
        operationId: 'cancelVerificationRequest',
        summary: 'Cancel a pending request (scope token:verify), its audience only',
        description: 'Takes no body. Cancelling a cancelled request answers 200 again. Not billed.',
        security: v1Security('token:verify'),
        params: verificationRequestParamsSchema,
        response: {
          200: billedSuccess(verificationRequestSchema, 'Cancelled. Not billed.', {
            'Cache-Control': noStoreHeader('The answer carries the match number'),
          }),
          ...v1Problems(
            {
              ...badId,
              codes: {
                ...badId.codes,
                invalid_json: `a body was sent as JSON and is not JSON (${BEFORE_AUTHENTICATION})`,
              },
            },
            unknownRequest('unknown, or not made by the caller'),
            {
              summary: 'The request was answered',
              codes: { request_fulfilled: 'a code answers it already' },
              rateLimit: 'always',
            },
            {
              summary: 'The request is over',
              codes: { request_expired: 'past expires_at' },
              rateLimit: 'always',
            },
          ),
          ...pipelineProblems(),
          ...bodyProblems('application/json'),
          ...pathProblems(),
        },
      },
      preValidation: asker.check,
    },
    async (request, reply) => {
      const { caller } = asker.of(request);
      reply.header('Cache-Control', 'no-store');
      return cancelVerificationRequest(ctx, caller, request.params.request_id);
    },
  );
}
