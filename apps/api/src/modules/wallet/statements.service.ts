import type { Statement, StatementList } from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { csvFile } from '../../lib/csv.ts';
import type { Organization } from '../organizations/index.ts';
import { millisToRiyal, riyalToMillis } from './billing.service.ts';

const STATEMENTS_LISTED = 24;

/** The months with billed calls (the monthly roll-up), newest first, with their totals. */
export async function listStatements(
  ctx: AppContext,
  organizationId: string,
): Promise<StatementList> {
  const rows = await ctx.db.query<{ month: string; calls: number; cost_millis: string }>(
    `select to_char(month, 'YYYY-MM') as month, sum(calls)::int as calls, sum(cost_millis) as cost_millis
       from usage_months where organization_id = $1
      group by month order by month desc limit ${STATEMENTS_LISTED}`,
    [organizationId],
  );
  return {
    statements: rows.map((row) => ({
      month: row.month,
      calls: row.calls,
      amount: millisToRiyal(Number(row.cost_millis)),
    })),
  };
}

/**
 * One month's statement: billed calls by endpoint and key from the monthly roll-up, each line's
 * amount at the price billed for its calls. A month without calls has no lines.
 */
export async function getStatement(
  ctx: AppContext,
  organization: Organization,
  month: string,
): Promise<Statement> {
  const rows = await ctx.db.query<{
    endpoint: string;
    api_key_id: string | null;
    api_key_name: string | null;
    calls: number;
    cost_millis: string;
  }>(
    `select m.endpoint, m.api_key_id, k.key_name as api_key_name, sum(m.calls)::int as calls,
            sum(m.cost_millis) as cost_millis
       from usage_months m left join api_keys k on k.id = m.api_key_id
      where m.organization_id = $1 and m.month = $2::date
      group by m.endpoint, m.api_key_id, k.key_name
      order by m.endpoint, k.key_name nulls last, m.api_key_id`,
    [organization.id, `${month}-01`],
  );
  const lines = rows.map((row) => ({
    endpoint: row.endpoint,
    api_key_id: row.api_key_id,
    api_key_name: row.api_key_name,
    calls: row.calls,
    amount: millisToRiyal(Number(row.cost_millis)),
  }));
  return {
    month,
    organization: { name: organization.name, client_id: organization.client_id },
    time_zone: organization.time_zone,
    price_per_call: millisToRiyal(riyalToMillis(ctx.config.pricePerCall)),
    lines,
    total_calls: rows.reduce((sum, row) => sum + row.calls, 0),
    total_amount: millisToRiyal(rows.reduce((sum, row) => sum + Number(row.cost_millis), 0)),
    generated_at: ctx.clock.now().toISOString(),
  };
}

/** The statement as a CSV file: one line per endpoint and key, then the total. */
export function statementCsv(statement: Statement) {
  return csvFile(
    ['month', 'endpoint', 'api_key_id', 'api_key_name', 'calls', 'amount_sar'],
    [
      ...statement.lines.map((line) => [
        statement.month,
        line.endpoint,
        line.api_key_id,
        line.api_key_name,
        line.calls,
        line.amount,
      ]),
      [statement.month, 'total', null, null, statement.total_calls, statement.total_amount],
    ],
  );
}
