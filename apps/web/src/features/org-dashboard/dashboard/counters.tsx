import type { DashboardCounters } from '@tanqin/shared';
import { Activity, type LucideIcon, ShieldCheck, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { useDashboardCounters } from '../api/get-dashboard-counters.ts';
import { LoadErrorPanel } from '../components/load-error-panel.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatCount } from '../format.ts';
import { describeLoadError } from '../load-error.ts';

type CounterKey = keyof Pick<
  DashboardCounters,
  'active_tokens' | 'verifications' | 'api_calls_this_month'
>;
const COUNTERS: Array<{ key: CounterKey; icon: LucideIcon }> = [
  { key: 'active_tokens', icon: Ticket },
  { key: 'verifications', icon: ShieldCheck },
  { key: 'api_calls_this_month', icon: Activity },
];

/**
 * Active tokens, verifications and this month's API calls, from the dashboard endpoint, of the
 * console's mode.
 */
export function Counters({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('orgDashboard');
  const query = useDashboardCounters(organizationId, useConsoleMode());

  if (query.isError) {
    return (
      <LoadErrorPanel
        errorKey={describeLoadError(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return (
    <div aria-busy={query.isPending}>
      {query.isPending ? (
        <p role="status" className="sr-only">
          {t('overview.countersLoading')}
        </p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-3">
        {COUNTERS.map(({ key, icon: Icon }) => (
          // dt and dd sit right in the card (a dl allows one div around each pair); the icon
          // lives in the dt, placed at the card's start.
          <Card
            key={key}
            className="relative flex min-h-22 min-w-0 flex-col-reverse justify-center gap-1 p-5 ps-21"
          >
            <dt className="text-sm text-slate-600">
              <span className="absolute start-5 top-1/2 flex size-12 -translate-y-1/2 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-6" />
              </span>
              {t(`overview.counters.${key}`)}
            </dt>
            <dd className="text-2xl font-bold text-slate-900">
              {query.isPending ? <Skeleton className="h-8 w-16" /> : formatCount(query.data[key])}
            </dd>
          </Card>
        ))}
      </dl>
    </div>
  );
}
