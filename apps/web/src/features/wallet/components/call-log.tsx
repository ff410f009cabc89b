import type { WalletUsage, WalletUsageEntry } from '@tanqin/shared';
import { Inbox, ListOrdered } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { timeZoneName } from '../../../lib/time-zone.ts';
import { formatClockTime, formatCount, formatDay, formatRiyal } from '../format.ts';

type EndpointKind = 'generate' | 'verify' | 'status' | 'revoke' | 'other';

function endpointKind(endpoint: string): EndpointKind {
  if (endpoint.endsWith('/generate')) return 'generate';
  if (endpoint.endsWith('/verify')) return 'verify';
  if (endpoint.endsWith('/status')) return 'status';
  if (endpoint.endsWith('/revoke')) return 'revoke';
  return 'other';
}

function LogEntry({ entry }: { entry: WalletUsageEntry }) {
  const { t } = useTranslation('wallet');
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t(`log.endpoints.${endpointKind(entry.endpoint)}`)}
        </p>
        <p className="ltr-island truncate font-mono text-xs text-slate-500">{entry.endpoint}</p>
      </div>
      <div className="flex shrink-0 items-center gap-3 text-sm">
        <time dateTime={entry.created_at} className="tabular-nums text-slate-600">
          {formatClockTime(entry.created_at)}
        </time>
        <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-inset ring-green-600/20">
          <span className="sr-only">{t('log.status', { status: entry.status })}</span>
          <span aria-hidden>{entry.status}</span>
        </span>
        <span className="tabular-nums font-semibold text-slate-900">
          <bdi dir="ltr">{formatRiyal(entry.cost)}</bdi> {t('riyal')}
        </span>
      </div>
    </li>
  );
}

/**
 * The call log: the newest calls grouped by the organisation's day, their times in its zone (named
 * in the note), in a scrollable box of fixed height. It
 * shows its own loading, error and empty states (spec, wallet screen and section 8).
 */
export function CallLog({
  usage,
  errorMessage,
}: {
  usage: WalletUsage | undefined;
  errorMessage?: string;
}) {
  const { t } = useTranslation('wallet');
  const calls = (count: number) => t('calls', { count, n: formatCount(count) });

  let body: ReactNode;
  if (errorMessage) {
    body = (
      <div className="p-4">
        <Alert tone="error">{errorMessage}</Alert>
      </div>
    );
  } else if (!usage) {
    body = (
      <div aria-busy className="space-y-3 p-4">
        <p role="status" className="sr-only">
          {t('log.loading')}
        </p>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} aria-hidden className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  } else if (usage.days.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Inbox aria-hidden className="size-6" />
        </span>
        <p className="font-semibold text-slate-800">{t('log.empty')}</p>
        <p className="max-w-sm text-sm text-slate-500">{t('log.emptyHint')}</p>
      </div>
    );
  } else {
    body = (
      <section
        aria-label={t('log.label')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the box (axe scrollable-region-focusable).
        tabIndex={0}
        // relative: the entries' visually hidden texts are absolutely placed; without a positioned
        // box here they lie where the unscrolled list would end and lengthen the page.
        className="relative max-h-96 overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {usage.days.map((day) => (
          <section key={day.date} aria-labelledby={`wallet-log-${day.date}`}>
            <div className="sticky top-0 z-10 flex flex-wrap items-baseline justify-between gap-2 border-y border-slate-200 bg-slate-50 px-4 py-2 text-sm">
              <h4 id={`wallet-log-${day.date}`} className="font-semibold text-slate-800">
                {formatDay(day.date)}
              </h4>
              <span className="text-slate-600">
                {t('log.dayTotals', {
                  calls: calls(day.calls),
                  cost: formatRiyal(day.cost),
                })}
              </span>
            </div>
            <ul className="divide-y divide-slate-100">
              {day.entries.map((entry) => (
                <LogEntry key={entry.id} entry={entry} />
              ))}
            </ul>
          </section>
        ))}
      </section>
    );
  }

  return (
    <Card className="overflow-hidden">
      <div className="flex items-start gap-3 border-b border-slate-200 p-5">
        <ListOrdered aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{t('log.title')}</h3>
          <p className="text-sm text-slate-600">
            {usage
              ? t('log.note', { zone: timeZoneName(usage.time_zone, currentLanguage()) })
              : t('log.noteShort')}
          </p>
        </div>
      </div>
      {body}
    </Card>
  );
}
