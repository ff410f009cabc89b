import {
  codeHistorySchema,
  codeListSchema,
  codeReferenceParamsSchema,
  codeRevokedSchema,
  codesListQuerySchema,
  rolesWith,
  staffVerifyResultSchema,
  staffVerifyTokenSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  MEMBER_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import { requireMember } from '../auth/index.ts';
import { requestMeta } from '../public-api/index.ts';
import {
  getCodeHistory,
  listCodes,
  revokeCodeAsMember,
  verifyTokenAsMember,
} from './codes.service.ts';
import { verificationRequestRoutes } from './verification-requests.routes.ts';

const tags = ['Codes'];

/** The dashboard's codes screen: staff decrypt codes, list, follow and revoke the organisation's. */
export async function codeRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const verifier = guard((request) => requireMember(ctx, request, rolesWith('codes:verify')));
  // Metadata only, readable by every member role, like the wallet.
  const reader = guard((request) => requireMember(ctx, request, rolesWith('codes:read')));
  const revoker = guard((request) => requireMember(ctx, request, rolesWith('codes:revoke')));

  app.post(
    '/tokens/verify',
    {
      schema: {
        summary: 'Verify and decrypt a code addressed to the organisation, once (billed like /v1)',
        tags,
        body: staffVerifyTokenSchema,
        response: {
          200: staffVerifyResultSchema,
          ...problemAnswers(BODY_PROBLEMS, MEMBER_PROBLEMS, [
            'token_malformed',
            'token_not_found',
            'token_used',
            'token_expired',
            'token_revoked',
            'subject_locked',
          ]),
        },
      },
      preValidation: verifier.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const member = verifier.of(request);
      return verifyTokenAsMember(
        ctx,
        member,
        requestMeta(request),
        request.body.token,
        request.log,
      );
    },
  );

  app.get(
    '/tokens',
    {
      schema: {
        summary:
          'The codes the organisation issued or received, newest first (metadata only, keyset paging by cursor)',
        tags,
        querystring: codesListQuerySchema,
        response: {
          200: codeListSchema,
          ...problemAnswers(MEMBER_PROBLEMS, ['validation_failed', 'bad_request']),
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listCodes(
        readingContext(ctx, request),
        reader.of(request).organization.id,
        request.query,
      );
    },
  );

  // The issuer and the audience may read it; the member who acted is named for their own only.
  app.get(
    '/tokens/:token_id/history',
    {
      schema: {
        summary: 'A code and its audit rows: who issued, decrypted or revoked it, and when',
        tags,
        params: codeReferenceParamsSchema,
        response: {
          200: codeHistorySchema,
          ...problemAnswers(MEMBER_PROBLEMS, ['validation_failed', 'token_not_found']),
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return getCodeHistory(
        readingContext(ctx, request),
        reader.of(request).organization.id,
        request.params.token_id,
      );
    },
  );

  app.post(
    '/tokens/:token_id/revoke',
    {
      schema: {
        summary: 'Revoke a code the organisation issued: its data is deleted at once',
        tags,
        params: codeReferenceParamsSchema,
        response: {
          200: codeRevokedSchema,
          ...problemAnswers(MEMBER_PROBLEMS, [
            'validation_failed',
            'token_not_found',
            'token_used',
            'token_expired',
          ]),
        },
      },
      preValidation: revoker.check,
    },
    async (request) => revokeCodeAsMember(ctx, revoker.of(request), request.params.token_id),
  );
  verificationRequestRoutes(app, ctx);
}
