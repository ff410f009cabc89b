import {
  DAILY_SUMMARY_DEFAULT_DAYS,
  type DailyUsageSummaryItem,
  type WalletSummary,
  type WalletUsage,
} from '@tanqin/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every wallet query of an organisation starts with this key: the refresh button reloads them all. */
export const walletKeys = {
  all: (organizationId: string) => ['wallet', organizationId] as const,
  summary: (organizationId: string) => ['wallet', organizationId, 'summary'] as const,
  usage: (organizationId: string) => ['wallet', organizationId, 'usage'] as const,
  dailySummary: (organizationId: string, days: number) =>
    ['wallet', organizationId, 'daily-summary', days] as const,
};

/** GET /api/v1/wallet: balance, payments, price and call counts. */
export const useWalletSummary = (organizationId: string) =>
  useQuery({
    queryKey: walletKeys.summary(organizationId),
    queryFn: ({ signal }) => apiRequest<WalletSummary>('/api/v1/wallet', { signal }),
  });

/** GET /api/v1/wallet/usage: the newest calls grouped by UTC day. */
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
