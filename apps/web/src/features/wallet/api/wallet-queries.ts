import {
  DAILY_SUMMARY_DEFAULT_DAYS,
  type DailyUsageSummaryItem,
  type Statement,
  type StatementList,
  type WalletSummary,
  type WalletUsage,
} from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveCsvFile } from '../../../lib/save-file.ts';

/** Every wallet query of an organisation starts with this key: the refresh button reloads them all. */
export const walletKeys = {
  all: (organizationId: string) => ['wallet', organizationId] as const,
  summary: (organizationId: string) => ['wallet', organizationId, 'summary'] as const,
  usage: (organizationId: string) => ['wallet', organizationId, 'usage'] as const,
  dailySummary: (organizationId: string, days: number) =>
    ['wallet', organizationId, 'daily-summary', days] as const,
  statements: (organizationId: string) => ['wallet', organizationId, 'statements'] as const,
  statement: (organizationId: string, month: string) =>
    ['wallet', organizationId, 'statements', month] as const,
};

/** GET /api/v1/wallet: balance, payments, price and call counts. */
export const useWalletSummary = (organizationId: string) =>
  useQuery({
    queryKey: walletKeys.summary(organizationId),
    queryFn: ({ signal }) => apiRequest<WalletSummary>('/api/v1/wallet', { signal }),
  });

/** GET /api/v1/wallet/usage: the newest calls grouped by the organisation's day (its time zone). */
export const useCallLog = (organizationId: string) =>
  useQuery({
    queryKey: walletKeys.usage(organizationId),
    queryFn: ({ signal }) => apiRequest<WalletUsage>('/api/v1/wallet/usage', { signal }),
  });

/** GET /api/v1/wallet/daily-summary: calls and cost per day, oldest first, for the chart. */
export const useDailySummary = (organizationId: string, days = DAILY_SUMMARY_DEFAULT_DAYS) =>
  useQuery({
    queryKey: walletKeys.dailySummary(organizationId, days),
    queryFn: ({ signal }) =>
      apiRequest<DailyUsageSummaryItem[]>(`/api/v1/wallet/daily-summary?days=${days}`, {
        signal,
      }),
  });

/** GET /api/v1/wallet/statements: the months with billed calls, newest first. */
export const useStatements = (organizationId: string) =>
  useQuery({
    queryKey: walletKeys.statements(organizationId),
    queryFn: ({ signal }) => apiRequest<StatementList>('/api/v1/wallet/statements', { signal }),
  });

/** GET /api/v1/wallet/statements/{month}: calls by endpoint and key, and their amount. */
export const useStatement = (organizationId: string, month: string | null) =>
  useQuery({
    queryKey: walletKeys.statement(organizationId, month ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Statement>(`/api/v1/wallet/statements/${month}`, { signal }),
    enabled: month !== null,
  });

/** GET /api/v1/wallet/statements/{month}/csv, saved as statement-YYYY-MM.csv. */
export async function downloadStatementCsv(month: string) {
  const csv = await apiRequest<string>(`/api/v1/wallet/statements/${month}/csv`);
  saveCsvFile(csv, `statement-${month}.csv`);
}
