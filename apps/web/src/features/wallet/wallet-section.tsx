import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TestModeNote } from '../../components/test-mode-note.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useConsoleMode } from '../../lib/console-mode.ts';
import { failureReason } from '../../lib/problem-text.ts';
import { useCallLog, useDailySummary, useWalletSummary, walletKeys } from './api/wallet-queries.ts';
import { CallLog } from './components/call-log.tsx';
import { PaymentBanner } from './components/payment-banner.tsx';
import { Statements } from './components/statements.tsx';
import { SummaryCards, UsageStats } from './components/summary-cards.tsx';
import { UsageChart } from './components/usage-chart.tsx';

const CHART_DAYS = 30;

/**
 * The wallet item of the organisation dashboard: summary cards, the payment banner, usage
 * statistics, the daily chart and the call log, all from the wallet API of the caller's own
 * organisation. The refresh button reloads every part.
 */
export default function WalletSection({ organization }: { organization: { id: string } }) {
  const { t } = useTranslation('wallet');
  const { t: tm } = useTranslation('consoleMode');
  const isTestMode = useConsoleMode() === 'test';
  const queryClient = useQueryClient();
  const summary = useWalletSummary(organization.id);
  const usage = useCallLog(organization.id);
  const daily = useDailySummary(organization.id, CHART_DAYS);
  const isRefreshing = summary.isFetching || usage.isFetching || daily.isFetching;

  const refresh = () =>
    void queryClient.refetchQueries({ queryKey: walletKeys.all(organization.id) });

  return (
    <div className="space-y-6" aria-busy={isRefreshing}>
      {isTestMode ? <TestModeNote>{tm('wallet')}</TestModeNote> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('intro')}</p>
        <Button
          variant="secondary"
          onClick={refresh}
          disabled={isRefreshing}
          aria-label={t('refreshLabel')}
        >
          <RefreshCw aria-hidden className={isRefreshing ? 'size-4 animate-spin' : 'size-4'} />
          {isRefreshing ? t('refreshing') : t('refresh')}
        </Button>
      </div>

      {summary.isError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {failureReason(summary.error, t('errors.fallback'))}
        </p>
      ) : null}
      {summary.isPending && !summary.isError ? (
        <p role="status" className="sr-only">
          {t('summary.loading')}
        </p>
      ) : null}
      {summary.data ? <PaymentBanner summary={summary.data} /> : null}
      {summary.isError ? null : <SummaryCards summary={summary.data} />}
      {summary.isError ? null : <UsageStats summary={summary.data} />}

      <div className="grid gap-6 2xl:grid-cols-2">
        <UsageChart
          days={CHART_DAYS}
          items={daily.data}
          errorMessage={
            daily.isError ? failureReason(daily.error, t('errors.fallback')) : undefined
          }
        />
        <CallLog
          usage={usage.data}
          errorMessage={
            usage.isError ? failureReason(usage.error, t('errors.fallback')) : undefined
          }
        />
      </div>
      <Statements organizationId={organization.id} />
    </div>
  );
}
