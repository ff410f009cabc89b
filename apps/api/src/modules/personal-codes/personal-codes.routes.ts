import {
  individualTokenListSchema,
  misuseReportRequestSchema,
  misuseReportResultSchema,
  personalCodeListSchema,
  personalCodeParamsSchema,
  personalCodePathSchema,
  personalCodeQuerySchema,
  personalCodeRevokeResultSchema,
  personalCodesCsvQuerySchema,
  personalCodesCsvSchema,
  receiptSchema,
  revokeTokenResponseSchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  BODY_PROBLEMS,
  type ContractApp,
  guard,
  problemAnswers,
  SESSION_PROBLEMS,
} from '../../lib/contract.ts';
import { requireProvenIndividual } from '../../plugins/authenticate.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import { RECEIPT_RETRY_SECONDS, receiptOf } from '../audit/audit-receipts.ts';
import { reportMisuse } from './misuse-report.service.ts';
import {
  exportPersonalCodesCsv,
  listPersonalCodes,
  myCode,
  revokePersonalCode,
} from './personal-codes.service.ts';

/** A malformed id is answered like an unknown one: 404, nothing learnt. */
function codeId(request: FastifyRequest): string {
  const parsed = personalCodeParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('not_found', 'Code not found');
  return parsed.data.id;
}

const tags = ['Individuals'];
/** Also an individual whose national id is not proven yet: no code metadata before the proof. */
const PERSON_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden', 'identity_unverified'] as const;
/** Reading a page: as above, or a query that does not parse (a cursor not given out: 400). */
const LIST_PROBLEMS = [...PERSON_PROBLEMS, 'validation_failed', 'bad_request'] as const;
/** Revoking: unknown or someone else's (404), or too late (used, expired). */
const REVOKE_PROBLEMS = [...PERSON_PROBLEMS, 'not_found', 'token_used', 'token_expired'] as const;

/** The person's own codes: where they went, and a way to stop one (once their identity is proven). */
export async function personalCodeRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const person = guard((request) => requireProvenIndividual(ctx, request));

  app.get(
    '/me/codes',
    {
      schema: {
        summary:
          'The codes issued for the individual, newest first, a page at a time, with their audit trail (field names only)',
        tags,
        querystring: personalCodeQuerySchema,
        response: { 200: personalCodeListSchema, ...problemAnswers(LIST_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listPersonalCodes(
        readingContext(ctx, request),
        person.of(request).userId,
        request.query,
      );
    },
  );

  for (const path of ['/me/codes.csv', '/individuals/me/tokens.csv']) {
    app.get(
      path,
      {
        schema: {
          summary: 'The individual’s whole history (with the same filters) as a CSV file',
          tags,
          querystring: personalCodesCsvQuerySchema,
          response: {
            200: {
              description: 'my-codes.csv: names of bodies and fields, never a value',
              content: { 'text/csv': { schema: personalCodesCsvSchema } },
            },
            ...problemAnswers(LIST_PROBLEMS),
          },
        },
        preValidation: person.check,
      },
      async (request, reply) => {
        const { lang, ...filters } = request.query;
        const csv = await exportPersonalCodesCsv(ctx, person.of(request).userId, filters, lang);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="my-codes.csv"')
          .header('Cache-Control', 'private, no-store')
          .send(csv);
      },
    );
  }

  app.get(
    '/me/codes/:id/receipt',
    {
      schema: {
        summary:
          'The receipt of one of the individual’s codes: its issue and use with inclusion proofs and the signed checkpoint, to check offline',
        tags,
        params: personalCodePathSchema,
        response: {
          200: receiptSchema,
          ...problemAnswers([...PERSON_PROBLEMS, 'not_found'] as const),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      const { id } = await myCode(ctx, person.of(request).userId, codeId(request));
      const receipt = await receiptOf(ctx.db, id);
      reply.header('Cache-Control', 'private, no-store');
      if (receipt.pending.length > 0) reply.header('Retry-After', String(RECEIPT_RETRY_SECONDS));
      return receipt;
    },
  );

  app.post(
    '/me/codes/:id/revoke',
    {
      schema: {
        summary: 'Revoke one of the individual’s active codes (again: no change)',
        tags,
        params: personalCodePathSchema,
        response: { 200: personalCodeRevokeResultSchema, ...problemAnswers(REVOKE_PROBLEMS) },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return revokePersonalCode(ctx, person.of(request).userId, codeId(request));
    },
  );

  app.post(
    '/me/codes/:id/report-misuse',
    {
      schema: {
        summary: 'Report a code as not mine ("This wasn’t me")',
        description:
          'The issuing organisation and the one that used the code (or, while unused, the one it ' +
          'was addressed to) each get a critical `misuse_reported` security event and their ' +
          'notifications; an active code is revoked. One report per code: a repeat is answered ' +
          'with the first report and tells nobody again. Any code of any status can be reported.',
        tags,
        params: personalCodePathSchema,
        body: misuseReportRequestSchema,
        response: {
          200: misuseReportResultSchema,
          ...problemAnswers(BODY_PROBLEMS, PERSON_PROBLEMS, ['not_found']),
        },
      },
      preValidation: person.check,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const userId = person.of(request).userId;
      return reportMisuse(ctx, userId, codeId(request), request.body.note || null);
    },
  );

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
