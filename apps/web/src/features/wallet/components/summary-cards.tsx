import type { WalletSummary } from '@tanqin/shared';
import {
  Activity,
  CalendarDays,
  CalendarRange,
  Coins,
  HandCoins,
  ReceiptText,
  SaudiRiyal,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCount, riyalToMillis } from '../format.ts';
import { Amount } from './amount.tsx';
import { StatCard } from './stat-card.tsx';
import { ValueSkeleton } from './value-skeleton.tsx';

/** The four summary cards: calls since subscription start, unpaid, paid, price per call. */
export function SummaryCards({ summary }: { summary: WalletSummary | undefined }) {
  const { t } = useTranslation('wallet');
  const amount = (value: string | undefined) =>
    value === undefined ? <ValueSkeleton /> : <Amount millis={riyalToMillis(value)} />;
  return (
    <section aria-labelledby="wallet-summary-title">
      <h3 id="wallet-summary-title" className="sr-only">
        {t('summary.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          icon={Activity}
          label={t('summary.totalCalls')}
          hint={t('summary.totalCallsHint')}
          value={summary ? formatCount(summary.total_calls) : <ValueSkeleton />}
        />
        <StatCard
          icon={ReceiptText}
          tone="amber"
          label={t('summary.currentBalance')}
          hint={t('summary.currentBalanceHint')}
          value={amount(summary?.current_balance)}
        />
        <StatCard
          icon={HandCoins}
          tone="sky"
          label={t('summary.totalSpent')}
          hint={t('summary.totalSpentHint')}
          value={amount(summary?.total_spent)}
        />
        <StatCard
          icon={SaudiRiyal}
          tone="slate"
          label={t('summary.costPerCall')}
          hint={t('summary.costPerCallHint')}
          value={amount(summary?.cost_per_call)}
        />
      </dl>
    </section>
  );
}

/** Calls this month and today, and the day's cost at the current pace (calls today x price). */
export function UsageStats({ summary }: { summary: WalletSummary | undefined }) {
  const { t } = useTranslation('wallet');
  const averageDailyCostMillis = summary
    ? summary.calls_today * riyalToMillis(summary.cost_per_call)
    : undefined;
  return (
    <section aria-labelledby="wallet-stats-title" className="space-y-3">
      <h3 id="wallet-stats-title" className="text-lg font-semibold text-slate-900">
        {t('stats.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          icon={CalendarRange}
          label={t('stats.callsThisMonth')}
          value={summary ? formatCount(summary.calls_this_month) : <ValueSkeleton />}
        />
        <StatCard
          icon={CalendarDays}
          label={t('stats.callsToday')}
          value={summary ? formatCount(summary.calls_today) : <ValueSkeleton />}
        />
        <StatCard
          icon={Coins}
          tone="amber"
          className="col-span-2 sm:col-span-1"
          label={t('stats.averageDailyCost')}
          hint={t('stats.averageDailyCostHint')}
          value={
            averageDailyCostMillis === undefined ? (
              <ValueSkeleton />
            ) : (
              <Amount millis={averageDailyCostMillis} />
            )
          }
        />
      </dl>
    </section>
  );
}
