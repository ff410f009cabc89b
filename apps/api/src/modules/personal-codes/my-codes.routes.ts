import {
  misuseReportRequestSchema,
  misuseReportResultSchema,
  personalCodeListSchema,
  personalCodePathSchema,
  personalCodeQuerySchema,
  personalCodeRevokeResultSchema,
  personalCodesCsvQuerySchema,
  personalCodesCsvSchema,
  receiptSchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { BODY_PROBLEMS, type ContractApp, problemAnswers } from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import { RECEIPT_RETRY_SECONDS, receiptOf } from '../audit/index.ts';
import { reportMisuse } from './misuse-report.service.ts';
import {
  codeId,
  LIST_PROBLEMS,
  PERSON_PROBLEMS,
  type PersonGuard,
  REVOKE_PROBLEMS,
  tags,
} from './personal-code-contract.ts';
import {
  exportPersonalCodesCsv,
  listPersonalCodes,
  myCode,
  revokePersonalCode,
} from './personal-codes.service.ts';

/** /me/codes: the person's codes, their CSV, a code's receipt, its revocation, a misuse report. */
export function myCodeRoutes(app: ContractApp, ctx: AppContext, person: PersonGuard) {
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
}
