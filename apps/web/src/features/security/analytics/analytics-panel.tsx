import { ANALYTICS_SPANS, SUCCESS_OUTCOME } from '@tanqin/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { hrefInMode, useConsoleMode } from '../../../lib/console-mode.ts';
import { type AnalyticsSpan, useSecurityAnalytics } from '../api/get-security-analytics.ts';
import { LoadFailed } from '../components/load-failed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatCount, formatPercent } from '../format.ts';
import { LatencyChart, RequestsChart } from './analytics-charts.tsx';

function SpanSwitch({
  span,
  onChange,
}: {
  span: AnalyticsSpan;
  onChange: (span: AnalyticsSpan) => void;
}) {
  const { t } = useTranslation('requests');
  return (
    <fieldset className="flex rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{t('analytics.span')}</legend>
      {ANALYTICS_SPANS.map((days) => (
        <label
          key={days}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
            days === span ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600',
          )}
        >
          <input
            type="radio"
            name="analytics-span"
            value={days}
            checked={days === span}
            onChange={() => onChange(days)}
            className="sr-only"
          />
          {t('analytics.days', { count: days, formatted: formatCount(days) })}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The organisation's /v1 traffic over 7 or 30 days: calls per day by outcome and the p50/p99
 * processing time, read again every 30 s while the page is visible. `compact` (the dashboard
 * item) shows the calls chart only.
 */
export function AnalyticsPanel({
  organizationId,
  compact = false,
}: {
  organizationId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('requests');
  const [span, setSpan] = useState<AnalyticsSpan>(7);
  const mode = useConsoleMode();
  const query = useSecurityAnalytics(organizationId, mode, span);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('analytics.loading')}
        </p>
        <Skeleton className="h-44" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <LoadFailed
        message={t('analytics.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else {
    const { totals, series } = query.data;
    const refused = totals.requests - (totals.outcomes[SUCCESS_OUTCOME] ?? 0);
    body = (
      <div className="space-y-6">
        <p className="text-sm text-slate-600" data-testid="analytics-totals">
          {t('analytics.totals', {
            requests: t('analytics.requestCount', {
              count: totals.requests,
              formatted: formatCount(totals.requests),
            }),
            refused: formatCount(refused),
            percent: formatPercent(totals.requests ? (refused / totals.requests) * 100 : 0),
          })}
          {totals.p50_ms !== null && totals.p99_ms !== null
            ? ` · ${t('analytics.latencyTotals', {
                p50: formatCount(Math.round(totals.p50_ms)),
                p99: formatCount(Math.round(totals.p99_ms)),
              })}`
            : null}
        </p>
        {totals.requests === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            {t('analytics.empty')}
          </p>
        ) : (
          <div className={cn('grid gap-8', !compact && 'xl:grid-cols-2')}>
            <RequestsChart series={series} />
            {compact ? null : <LatencyChart series={series} />}
          </div>
        )}
      </div>
    );
  }

  return (
    <Card className="space-y-4 p-5">
      <section aria-labelledby="analytics-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="analytics-title" className="text-base font-bold text-slate-900">
            {t('analytics.title')}
          </h3>
          <SpanSwitch span={span} onChange={setSpan} />
        </div>
        {body}
        {compact ? (
          <Link
            to={hrefInMode('/org-dashboard?section=verification&tab=requests', mode)}
            className="inline-block text-sm font-medium text-brand-800 underline decoration-brand-700/30 underline-offset-4 hover:decoration-brand-700"
          >
            {t('analytics.openLog')}
          </Link>
        ) : null}
      </section>
    </Card>
  );
}
