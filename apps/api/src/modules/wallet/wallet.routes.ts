import {
  dailyUsageSummarySchema,
  rolesWith,
  statementCsvSchema,
  statementListSchema,
  statementParamsSchema,
  statementSchema,
  walletDailySummaryQuerySchema,
  walletQuerySchema,
  walletSummarySchema,
  walletUsageSchema,
} from '@tanqin/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import {
  type ContractApp,
  guard,
  OWN_ORGANIZATION_PROBLEMS,
  problemAnswers,
} from '../../lib/contract.ts';
import { readingContext } from '../../plugins/read-routing.ts';
import { assertOwnOrganization, requireMember } from '../auth/index.ts';
import { getStatement, listStatements, statementCsv } from './statements.service.ts';
import { getCallLog, getDailySummary, getWalletSummary } from './wallet.service.ts';

const tags = ['Wallet'];
const problems = problemAnswers(OWN_ORGANIZATION_PROBLEMS);

/**
 * The wallet (spec section 7 "Wallet", served by this API instead of a hosted data service).
 * Every member role may read it; the organisation is always the caller's own.
 */
export async function walletRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  const reader = guard((request) => requireMember(ctx, request, rolesWith('wallet:read')));

  /** The caller's organisation, if the query names none or names it. */
  function walletOf(
    request: FastifyRequest & { query: { organization_id?: string } },
    reply: FastifyReply,
  ) {
    const member = reader.of(request);
    assertOwnOrganization(member, request.query.organization_id);
    // Billing figures of one organisation: never kept by a shared cache.
    reply.header('Cache-Control', 'private, no-store');
    return member.organization;
  }

  app.get(
    '/wallet',
    {
      schema: {
        summary: "The organisation's balance, spending and call counts",
        tags,
        querystring: walletQuerySchema,
        response: { 200: walletSummarySchema, ...problems },
      },
      preValidation: reader.check,
    },
    async (request, reply) =>
      getWalletSummary(readingContext(ctx, request), walletOf(request, reply)),
  );

  app.get(
    '/wallet/usage',
    {
      schema: {
        summary: "The newest billed calls, grouped by the organisation's day (its time zone)",
        tags,
        querystring: walletQuerySchema,
        response: { 200: walletUsageSchema, ...problems },
      },
      preValidation: reader.check,
    },
    async (request, reply) => getCallLog(readingContext(ctx, request), walletOf(request, reply)),
  );

  app.get(
    '/wallet/daily-summary',
    {
      schema: {
        summary: 'Calls and cost per day of the organisation calendar, oldest first',
        tags,
        querystring: walletDailySummaryQuerySchema,
        response: { 200: dailyUsageSummarySchema, ...problems },
      },
      preValidation: reader.check,
    },
    async (request, reply) =>
      getDailySummary(readingContext(ctx, request), walletOf(request, reply), request.query.days),
  );

  app.get(
    '/wallet/statements',
    {
      schema: {
        summary: 'The months with billed calls, newest first (the last 24), with their totals',
        tags,
        querystring: walletQuerySchema,
        response: { 200: statementListSchema, ...problems },
      },
      preValidation: reader.check,
    },
    async (request, reply) =>
      listStatements(readingContext(ctx, request), walletOf(request, reply).id),
  );

  app.get(
    '/wallet/statements/:month',
    {
      schema: {
        summary: "A month's statement: billed calls by endpoint and key, and their amount",
        tags,
        params: statementParamsSchema,
        querystring: walletQuerySchema,
        response: { 200: statementSchema, ...problems },
      },
      preValidation: reader.check,
    },
    async (request, reply) =>
      getStatement(readingContext(ctx, request), walletOf(request, reply), request.params.month),
  );

  app.get(
    '/wallet/statements/:month/csv',
    {
      schema: {
        summary: "A month's statement as a CSV file",
        tags,
        params: statementParamsSchema,
        querystring: walletQuerySchema,
        response: {
          200: {
            description: 'statement-YYYY-MM.csv',
            content: { 'text/csv': { schema: statementCsvSchema } },
          },
          ...problems,
        },
      },
      preValidation: reader.check,
    },
    async (request, reply) => {
      const { month } = request.params;
      const statement = await getStatement(
        readingContext(ctx, request),
        walletOf(request, reply),
        month,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="statement-${month}.csv"`)
        .send(statementCsv(statement));
    },
  );
}
