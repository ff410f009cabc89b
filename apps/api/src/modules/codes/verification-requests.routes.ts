import {
  createVerificationRequestSchema,
  publicVerificationRequestSchema,
  rolesWith,
  verificationRequestListSchema,
  verificationRequestParamsSchema,
  verificationRequestSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  MEMBER_PROBLEMS,
  problemAnswers,
  problemResponses,
} from '../../lib/contract.ts';
import { requireMember } from '../auth/index.ts';
import { requestMeta } from '../public-api/index.ts';
import { publicVerificationRequest } from '../tokens/index.ts';
import {
  askForDataAsMember,
  cancelRequestAsMember,
  listRequestsAsMember,
  readRequestAsMember,
} from './codes.service.ts';

/**
 * "Ask for data" on the console (issue 33): the organisation's verification requests, made by
 * staff who may decrypt codes; and the public page of a request, for anyone.
 */
export function verificationRequestRoutes(app: ContractApp, ctx: AppContext) {
  const verifier = guard((request) => requireMember(ctx, request, rolesWith('codes:verify')));
  const requestTags = ['Verification requests'];
  app.post(
    '/verification-requests',
    {
      schema: {
        summary: 'Ask for data: a verification request (billed like a /v1 status call)',
        tags: requestTags,
        body: createVerificationRequestSchema,
        response: {
          201: verificationRequestSchema,
          ...problemAnswers(BODY_PROBLEMS, MEMBER_PROBLEMS),
        },
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const member = verifier.of(request);
      return reply
        .code(201)
        .send(await askForDataAsMember(ctx, member, requestMeta(request), request.body));
    },
  );

  app.get(
    '/verification-requests',
    {
      schema: {
        summary:
          "The organisation's open verification requests (pending, or answered and the code not yet used), newest first",
        tags: requestTags,
        response: { 200: verificationRequestListSchema, ...problemAnswers(MEMBER_PROBLEMS) },
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listRequestsAsMember(ctx, verifier.of(request));
    },
  );

  app.get(
    '/verification-requests/:request_id',
    {
      schema: {
        summary: 'One of its requests: the status, and the code once answered (until used)',
        tags: requestTags,
        params: verificationRequestParamsSchema,
        response: {
          200: verificationRequestSchema,
          ...problemAnswers(MEMBER_PROBLEMS, [
            'validation_failed',
            'verification_request_not_found',
          ]),
        },
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readRequestAsMember(ctx, verifier.of(request), request.params.request_id);
    },
  );

  app.post(
    '/verification-requests/:request_id/cancel',
    {
      schema: {
        summary: 'Cancel one of its pending requests',
        tags: requestTags,
        params: verificationRequestParamsSchema,
        response: {
          200: verificationRequestSchema,
          ...problemAnswers(MEMBER_PROBLEMS, [
            'validation_failed',
            'invalid_json',
            'verification_request_not_found',
            'request_fulfilled',
            'request_expired',
          ]),
        },
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return cancelRequestAsMember(ctx, verifier.of(request), request.params.request_id);
    },
  );

  app.get(
    '/verification-requests/:request_id/public',
    {
      schema: {
        summary:
          'The public page /r/{id}: who asks, for what, until when, and the apps that answer (no sign-in)',
        tags: requestTags,
        security: [],
        params: verificationRequestParamsSchema,
        response: {
          200: publicVerificationRequestSchema,
          ...problemResponses(['validation_failed', 'verification_request_not_found']),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return publicVerificationRequest(ctx, request.params.request_id);
    },
  );
}
