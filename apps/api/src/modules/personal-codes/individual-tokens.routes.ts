import {
  individualTokenListSchema,
  personalCodePathSchema,
  personalCodeQuerySchema,
  revokeTokenResponseSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, problemAnswers } from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import {
  codeId,
  LIST_PROBLEMS,
  type PersonGuard,
  REVOKE_PROBLEMS,
  tags,
} from './personal-code-contract.ts';
import { listPersonalCodes, revokePersonalCode } from './personal-codes.service.ts';

/** /individuals/me/tokens: the same codes in the shape ARCHITECTURE.md section 6 names. */
export function individualTokenRoutes(app: ContractApp, ctx: AppContext, person: PersonGuard) {
  // The same, in the shape ARCHITECTURE.md section 6 names (the web app uses /me/codes).
  app.get(
    '/individuals/me/tokens',
    {
      schema: {
        summary: 'The codes issued for the individual and who verified them, a page at a time',
        tags,
        querystring: personalCodeQuerySchema,
        response: { 200: individualTokenListSchema, ...problemAnswers(LIST_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const page = await listPersonalCodes(
        readingContext(ctx, request),
        person.of(request).userId,
        request.query,
      );
      const { codes } = page;
      return {
        next_cursor: page.next_cursor,
        tokens: codes.map((code) => ({
          token_id: code.id,
          issuer: { name: code.issuer.name },
          audience: code.audience,
          status: code.status,
          created_at: code.created_at,
          expires_at: code.expires_at,
          data_scope: code.data_scope,
          usage: code.trail
            .filter((entry) => entry.action === 'verified')
            .map((entry) => ({
              organization: { name: entry.organization_name },
              at: entry.at,
              fields: entry.fields ?? [],
            })),
        })),
      };
    },
  );

  app.post(
    '/individuals/me/tokens/:id/revoke',
    {
      schema: {
        summary: 'Revoke one of the individual’s active codes',
        tags,
        params: personalCodePathSchema,
        response: { 200: revokeTokenResponseSchema, ...problemAnswers(REVOKE_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await revokePersonalCode(ctx, person.of(request).userId, codeId(request));
      return { success: true as const, status: 'revoked' as const };
    },
  );
}
