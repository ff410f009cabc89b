import type { KeyMode } from '@tanqin/shared';
import { ChevronLeft, ChevronRight, ListX, RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { useConsoleMode } from '../../../lib/console-mode.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { displayTimeZoneName } from '../../../lib/time-zone.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import {
  type RequestLogEntry,
  type RequestLogFilters,
  useRequestLog,
} from '../api/get-request-log.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { RoleNotice } from '../components/role-notice.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatCount, formatPreciseTime } from '../format.ts';
import type { SecurityPermissions } from '../permissions.ts';
import { isRefused, refusalReason } from './call-outcome.ts';
import { RequestDetailDrawer } from './request-detail-drawer.tsx';
import { filtersFromSearch, requestsSearch } from './request-filters.ts';
import { type KeyOption, RequestFiltersBar } from './request-filters-bar.tsx';

function ResultCell({ call }: { call: RequestLogEntry }) {
  const { t } = useTranslation('requests');
  const refused = isRefused(call);
  return (
    <span className="flex min-w-0 flex-col items-start gap-1">
      <Badge tone={refused ? 'red' : 'green'}>
        <bdi dir="ltr">{call.status}</bdi>
        {refused ? t('table.refused') : t('table.succeeded')}
      </Badge>
      {refused ? <span className="text-xs text-slate-600">{refusalReason(call)}</span> : null}
    </span>
  );
}

function RequestRow({ call, onOpen }: { call: RequestLogEntry; onOpen: () => void }) {
  const { t } = useTranslation('requests');
  const request = (
    <>
      <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
        {call.method} {call.path}
      </bdi>
      {call.is_test ? (
        <Badge tone="amber" className="ms-2">
          {t('testBadge')}
        </Badge>
      ) : null}
    </>
  );
  return (
    <tr>
      <Td className="whitespace-nowrap">
        <button
          type="button"
          onClick={onOpen}
          className="text-start font-medium text-brand-800 underline decoration-brand-700/30 underline-offset-4 hover:decoration-brand-700"
          aria-label={t('table.open', { time: formatPreciseTime(call.created_at) })}
        >
          {formatPreciseTime(call.created_at)}
        </button>
        {/* On a phone the request sits under its time: two columns fit, the drawer has the rest. */}
        <span className="mt-1 block md:hidden">{request}</span>
      </Td>
      <Td className="hidden md:table-cell">{request}</Td>
      <Td className="min-w-36">
        <ResultCell call={call} />
      </Td>
      <Td className="hidden md:table-cell">
        {call.api_key_name ?? <span className="text-slate-400">—</span>}
      </Td>
      <Td className="hidden lg:table-cell">
        {call.client_ip ? (
          <bdi dir="ltr" className="font-mono whitespace-nowrap">
            {call.client_ip}
          </bdi>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </Td>
      <Td className="hidden whitespace-nowrap md:table-cell">
        {t('latencyMs', { value: formatCount(Math.round(call.latency_ms)) })}
      </Td>
    </tr>
  );
}

/** Newer and older pages; the cursors of the pages seen so far are kept to walk back. */
function Pager({
  page,
  hasOlder,
  onNewer,
  onOlder,
}: {
  page: number;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}) {
  const { t } = useTranslation('requests');
  return (
    <nav
      aria-label={t('paging.label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <span>{t('paging.page', { page: formatCount(page) })}</span>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={onNewer}>
          <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('paging.newer')}
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasOlder} onClick={onOlder}>
          {t('paging.older')}
          <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}

/** One filtered view of the log; a new filter mounts a new one, back on its first page. */
function RequestList({
  organizationId,
  mode,
  filters,
}: {
  organizationId: string;
  mode: KeyMode;
  filters: RequestLogFilters;
}) {
  const { t } = useTranslation('requests');
  const zone = displayTimeZoneName(currentLanguage());
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [opened, setOpened] = useState<RequestLogEntry | null>(null);
  const query = useRequestLog(organizationId, mode, filters, cursors.at(-1) ?? null);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div aria-busy className="space-y-2">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <LoadFailed
        message={t('loadFailed')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.requests.length === 0) {
    const filtered = Object.values(filters).some(Boolean);
    content = (
      <EmptyState
        icon={ListX}
        title={t(filtered ? 'emptyFilteredTitle' : 'emptyTitle')}
        body={t(filtered ? 'emptyFilteredBody' : 'emptyBody')}
      />
    );
  } else {
    const nextCursor = query.data.next_cursor;
    content = (
      <div className="space-y-4">
        <Table label={t('table.label')}>
          <TableHead>
            <tr>
              <Th>{zone ? t('table.timeIn', { zone }) : t('table.time')}</Th>
              <Th className="hidden md:table-cell">{t('table.request')}</Th>
              <Th>{t('table.result')}</Th>
              <Th className="hidden md:table-cell">{t('table.apiKey')}</Th>
              <Th className="hidden lg:table-cell">{t('table.clientIp')}</Th>
              <Th className="hidden md:table-cell">{t('table.latency')}</Th>
            </tr>
          </TableHead>
          <tbody>
            {query.data.requests.map((call) => (
              <RequestRow key={call.id} call={call} onOpen={() => setOpened(call)} />
            ))}
          </tbody>
        </Table>
        <Pager
          page={cursors.length}
          hasOlder={nextCursor !== null}
          onNewer={() => setCursors((list) => list.slice(0, -1))}
          onOlder={() => setCursors((list) => [...list, nextCursor])}
        />
      </div>
    );
  }

  return (
    <>
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RotateCw aria-hidden className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} />
          {t('refresh')}
        </Button>
      </div>
      {content}
      <RequestDetailDrawer call={opened} onClose={() => setOpened(null)} />
    </>
  );
}

/**
 * The request log tab: every /v1 call of the organisation, admitted or refused, with filters
 * kept in the address, paging by cursor and a drawer with the details of a call.
 */
export function RequestsTab({
  organizationId,
  permissions,
}: {
  organizationId: string;
  permissions: SecurityPermissions;
}) {
  const { t } = useTranslation('requests');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const mode = useConsoleMode();
  const keys = useApiKeys(organizationId, mode, { enabled: permissions.canManageKeys });
  if (!permissions.canReadSecurity) return <RoleNotice message={t('roleNotice')} />;

  const keyOptions: KeyOption[] =
    keys.data?.map((key) => ({ id: key.id, name: key.key_name })) ??
    (filters.api_key_id ? [{ id: filters.api_key_id, name: t('filters.chosenKey') }] : []);

  return (
    <section aria-labelledby="request-log-title" className="space-y-4">
      <div className="space-y-1">
        <h3 id="request-log-title" className="text-lg font-bold text-slate-900">
          {t('title')}
        </h3>
        <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('body')}</p>
      </div>
      <RequestFiltersBar
        filters={filters}
        keys={keyOptions}
        onChange={(next) => setSearch(requestsSearch(search, next), { replace: true })}
      />
      <RequestList
        key={`${mode} ${JSON.stringify(filters)}`}
        organizationId={organizationId}
        mode={mode}
        filters={filters}
      />
    </section>
  );
}
