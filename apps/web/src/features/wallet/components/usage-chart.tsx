import type { DailyUsageSummaryItem } from '@tanqin/shared';
import { BarChart3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatCount, formatDay, formatMillis, formatShortDay, riyalToMillis } from '../format.ts';

interface UsageChartProps {
  days: number;
  items: DailyUsageSummaryItem[] | undefined;
  errorMessage?: string;
}

/**
 * Daily calls as CSS bars (no chart library: one small figure does not justify one). Time runs
 * in the reading direction, the oldest day at the start (right in Arabic). The bars are hidden
 * from assistive technology, which reads the same figures from a visually hidden table.
 */
export function UsageChart({ days, items, errorMessage }: UsageChartProps) {
  const { t } = useTranslation('wallet');
  const calls = (count: number) => t('calls', { count, n: formatCount(count) });
  const totalCalls = items?.reduce((sum, item) => sum + item.calls, 0) ?? 0;
  const totalCostMillis = items?.reduce((sum, item) => sum + riyalToMillis(item.cost), 0) ?? 0;
  const peak = items?.reduce((max, item) => Math.max(max, item.calls), 0) ?? 0;

  let body: ReactNode;
  if (errorMessage) {
    body = <Alert tone="error">{errorMessage}</Alert>;
  } else if (!items) {
    body = (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('chart.loading')}
        </p>
        <div aria-hidden className="h-40 animate-pulse rounded-lg bg-slate-100" />
      </div>
    );
  } else {
    const middle = items[Math.floor((items.length - 1) / 2)];
    body = (
      <>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm text-slate-700">
          {totalCalls > 0 ? (
            <p>
              {t('chart.totals', { calls: calls(totalCalls), cost: formatMillis(totalCostMillis) })}
            </p>
          ) : null}
          {peak > 0 ? (
            <p className="text-slate-500">{t('chart.peak', { calls: calls(peak) })}</p>
          ) : null}
        </div>
        <div aria-hidden className="mt-4">
          <div className="relative flex h-40 items-end gap-px border-b border-slate-300 sm:gap-0.5">
            <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-slate-200" />
            <div className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" />
            {items.map((item) => (
              <div
                key={item.id}
                title={t('chart.bar', {
                  date: formatDay(item.date),
                  calls: calls(item.calls),
                  cost: formatMillis(riyalToMillis(item.cost)),
                })}
                className="relative flex h-full min-w-0 flex-1 items-end rounded-t-sm hover:bg-slate-100"
              >
                <div
                  data-testid="usage-bar"
                  className="w-full rounded-t-sm bg-brand-600"
                  style={{
                    height:
                      peak > 0 && item.calls > 0
                        ? `${Math.max((item.calls / peak) * 100, 3)}%`
                        : '0',
                  }}
                />
              </div>
            ))}
          </div>
          {items.length > 0 ? (
            <div className="mt-2 flex justify-between text-xs text-slate-500">
              <span>{formatShortDay(items[0]!.date)}</span>
              {middle && items.length > 2 ? <span>{formatShortDay(middle.date)}</span> : null}
              <span>{formatShortDay(items.at(-1)!.date)}</span>
            </div>
          ) : null}
        </div>
        {totalCalls === 0 ? (
          <p className="mt-3 text-center text-sm text-slate-500">
            {t('chart.empty', { count: days, days })}
          </p>
        ) : null}
        {/* A table ignores a height limit, so the wrapper, not the table, is visually hidden. */}
        <div className="sr-only">
          <table>
            <caption>{t('chart.tableCaption', { count: days, days })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.columns.date')}</th>
                <th scope="col">{t('chart.columns.calls')}</th>
                <th scope="col">{t('chart.columns.cost')}</th>
                <th scope="col">{t('chart.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{formatDay(item.date)}</th>
                  <td>{formatCount(item.calls)}</td>
                  <td>{formatMillis(riyalToMillis(item.cost))}</td>
                  <td>{t(`chart.status.${item.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }

  return (
    <Card className="p-5">
      <figure>
        <figcaption className="mb-4 flex items-start gap-3">
          <BarChart3 aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{t('chart.title')}</h3>
            <p className="text-sm text-slate-600">{t('chart.caption', { count: days, days })}</p>
          </div>
        </figcaption>
        {body}
      </figure>
    </Card>
  );
}
