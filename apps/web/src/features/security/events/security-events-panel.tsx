import {
  DATE_RANGES,
  type DateRange,
  EVENT_SEVERITIES,
  EVENT_TYPES,
  type EventSeverity,
  type EventType,
} from '@tanqin/shared';
import {
  CheckCheck,
  ChevronLeft,
  ChevronRight,
  Download,
  RotateCw,
  ShieldCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { useExportSecurityEvents } from '../api/export-security-events.ts';
import {
  EVENTS_PAGE_SIZE,
  type EventFilters,
  type SecurityEvent,
  useSecurityEvents,
} from '../api/get-security-events.ts';
import { useResolveSecurityEvent } from '../api/resolve-security-event.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { useErrorToast } from '../components/use-error-toast.ts';
import { formatCount, formatDateTime } from '../format.ts';
import { eventRequestFilters } from '../requests/request-filters.ts';
import { RequestsLink } from '../requests/requests-link.tsx';
import { eventFiltersFromSearch, eventFiltersSearch } from './event-filters-search.ts';
import { eventSummary } from './event-summary.ts';

const SEVERITY_TONES: Record<EventSeverity, BadgeTone> = {
  info: 'sky',
  warning: 'amber',
  critical: 'red',
};
const DATE_RANGE_OPTIONS = Object.keys(DATE_RANGES) as DateRange[];

function EventFiltersBar({
  filters,
  onChange,
}: {
  filters: EventFilters;
  onChange: (filters: EventFilters) => void;
}) {
  const { t } = useTranslation('security');
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SelectField
        label={t('events.filters.severity')}
        value={filters.severity ?? ''}
        onChange={(event) =>
          onChange({ ...filters, severity: (event.target.value || undefined) as EventSeverity })
        }
      >
        <option value="">{t('events.filters.allSeverities')}</option>
        {EVENT_SEVERITIES.map((severity) => (
          <option key={severity} value={severity}>
            {t(`events.severities.${severity}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('events.filters.type')}
        value={filters.event_type ?? ''}
        onChange={(event) =>
          onChange({ ...filters, event_type: (event.target.value || undefined) as EventType })
        }
      >
        <option value="">{t('events.filters.allTypes')}</option>
        {EVENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`events.types.${type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('events.filters.dateRange')}
        value={filters.date_range}
        onChange={(event) => onChange({ ...filters, date_range: event.target.value as DateRange })}
      >
        {DATE_RANGE_OPTIONS.map((range) => (
          <option key={range} value={range}>
            {t(`events.dateRanges.${range}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function EventStatus({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation('security');
  return (
    <span className="flex flex-wrap gap-1">
      {event.resolved_at ? (
        <Badge tone="green">{t('events.status.resolved')}</Badge>
      ) : (
        <Badge tone="amber">{t('events.status.open')}</Badge>
      )}
      {event.notified_at ? <Badge tone="sky">{t('events.status.notified')}</Badge> : null}
    </span>
  );
}

function EventRow({
  event,
  canResolve,
  onResolve,
  isResolving,
}: {
  event: SecurityEvent;
  canResolve: boolean;
  onResolve: () => void;
  isResolving: boolean;
}) {
  const { t, i18n } = useTranslation('security');
  const requests = eventRequestFilters(event);
  // On a phone each event is a card: every column on its own line, status and resolve included.
  const label = (key: string) => (
    <span aria-hidden className="mb-1 block text-xs font-semibold text-slate-500 md:hidden">
      {t(`events.columns.${key}`)}
    </span>
  );
  return (
    <tr className="max-md:block max-md:border-t max-md:border-slate-200 max-md:py-2">
      <Td className={STACKED}>
        {label('severity')}
        <Badge tone={SEVERITY_TONES[event.event_severity]}>
          {t(`events.severities.${event.event_severity}`)}
        </Badge>
      </Td>
      <Td className={`whitespace-nowrap ${STACKED}`}>
        {label('type')}
        {t(`events.types.${event.event_type}`)}
      </Td>
      <Td className={`md:min-w-52 md:max-w-xs ${STACKED}`}>
        {label('description')}
        <p>{eventSummary(event, i18n.language)}</p>
        {event.occurrences && event.occurrences > 1 ? (
          <Badge tone="slate" className="mt-1">
            {t('events.occurrences', {
              count: event.occurrences,
              value: formatCount(event.occurrences),
            })}
          </Badge>
        ) : null}
        {requests ? (
          <p className="mt-2">
            <RequestsLink filters={requests}>{t('events.requests')}</RequestsLink>
          </p>
        ) : null}
      </Td>
      <Td className={`md:max-w-44 ${STACKED}`}>
        {label('source')}
        {event.client_ip ? (
          <bdi dir="ltr" className="block font-mono whitespace-nowrap">
            {event.client_ip}
          </bdi>
        ) : (
          <span className="text-slate-400">—</span>
        )}
        {event.user_agent ? (
          <span
            dir="ltr"
            title={event.user_agent}
            className="mt-1 block truncate text-start text-xs text-slate-500"
          >
            {event.user_agent}
          </span>
        ) : null}
      </Td>
      <Td className={`md:min-w-24 ${STACKED}`}>
        {label('apiKey')}
        {event.api_key_name ?? <span className="text-slate-400">—</span>}
      </Td>
      <Td className={`md:min-w-32 ${STACKED}`}>
        {label('time')}
        {formatDateTime(event.created_at)}
      </Td>
      <Td className={`space-y-2 ${STACKED}`}>
        {label('status')}
        <EventStatus event={event} />
        {!event.resolved_at && canResolve ? (
          <Button variant="secondary" size="sm" onClick={onResolve} disabled={isResolving}>
            <CheckCheck aria-hidden className="size-4" />
            {isResolving ? t('events.resolving') : t('events.resolve')}
          </Button>
        ) : null}
      </Td>
    </tr>
  );
}

const STACKED = 'max-md:block max-md:border-0 max-md:py-1.5';

function Pager({
  page,
  pageCount,
  total,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('security');
  const from = (page - 1) * EVENTS_PAGE_SIZE + 1;
  const to = Math.min(total, page * EVENTS_PAGE_SIZE);
  return (
    <nav
      aria-label={t('events.paging.label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>
        {t('events.paging.range', {
          from: formatCount(from),
          to: formatCount(to),
          total: formatCount(total),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('events.paging.previous')}
        </Button>
        <span>
          {t('events.paging.page', { page: formatCount(page), pages: formatCount(pageCount) })}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          {t('events.paging.next')}
          <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}

/** The events monitor: filters, the events table (Resolve beside the status), paging, Export, Refresh. */
export function SecurityEventsPanel({
  organizationId,
  canResolve,
}: {
  organizationId: string;
  canResolve: boolean;
}) {
  const { t } = useTranslation('security');
  const [search, setSearch] = useSearchParams();
  const { filters, page } = eventFiltersFromSearch(search);
  const show = (nextFilters: EventFilters, nextPage: number) =>
    setSearch((current) => eventFiltersSearch(current, nextFilters, nextPage));
  const setPage = (next: number) => show(filters, next);
  const mode = useConsoleMode();
  const query = useSecurityEvents(organizationId, mode, filters, page);
  const resolve = useResolveSecurityEvent(organizationId);
  const exportEvents = useExportSecurityEvents();
  useErrorToast(query.error, t('toasts.eventsLoadFailed'));

  const changeFilters = (next: EventFilters) => show(next, 1);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div aria-busy className="space-y-2">
        <p role="status" className="sr-only">
          {t('events.loading')}
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <LoadFailed
        message={t('events.loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.events.length === 0) {
    content = (
      <EmptyState icon={ShieldCheck} title={t('events.emptyTitle')} body={t('events.emptyBody')} />
    );
  } else {
    const pageCount = Math.max(1, Math.ceil(query.data.total / EVENTS_PAGE_SIZE));
    content = (
      <div className="space-y-4">
        <Table label={t('events.tableLabel')} className="max-md:block md:min-w-[52rem]">
          <TableHead className="max-md:sr-only">
            <tr>
              <Th>{t('events.columns.severity')}</Th>
              <Th>{t('events.columns.type')}</Th>
              <Th>{t('events.columns.description')}</Th>
              <Th>{t('events.columns.source')}</Th>
              <Th>{t('events.columns.apiKey')}</Th>
              <Th>{t('events.columns.time')}</Th>
              <Th>{t('events.columns.status')}</Th>
            </tr>
          </TableHead>
          <tbody className="max-md:block">
            {query.data.events.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                canResolve={canResolve}
                isResolving={resolve.isPending && resolve.variables === event.id}
                onResolve={() =>
                  resolve.mutate(event.id, {
                    onSuccess: () => toast.success(t('toasts.eventResolved')),
                    onError: (error) =>
                      toast.error(failureText(t('toasts.eventResolveFailed'), error)),
                  })
                }
              />
            ))}
          </tbody>
        </Table>
        <Pager page={page} pageCount={pageCount} total={query.data.total} onPage={setPage} />
      </div>
    );
  }

  return (
    <section aria-labelledby="security-events-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h4 id="security-events-title" className="text-base font-bold text-slate-900">
            {t('events.title')}
          </h4>
          <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('events.body')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RotateCw aria-hidden className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            {t('events.refresh')}
          </Button>
          <Button
            variant="secondary"
            disabled={exportEvents.isPending}
            onClick={() =>
              exportEvents.mutate(
                { mode, filters },
                {
                  onSuccess: () => toast.success(t('toasts.eventsExported')),
                  onError: (error) =>
                    toast.error(failureText(t('toasts.eventsExportFailed'), error)),
                },
              )
            }
          >
            <Download aria-hidden className="size-4" />
            {exportEvents.isPending ? t('events.exporting') : t('events.export')}
          </Button>
        </div>
      </div>
      <EventFiltersBar filters={filters} onChange={changeFilters} />
      {content}
    </section>
  );
}
