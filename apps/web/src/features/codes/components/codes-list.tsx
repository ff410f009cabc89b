import {
  type CodeDirection,
  type CodeListItem,
  fieldLabelList,
  type KeyMode,
  type MemberRole,
  TOKEN_STATUSES,
  type TokenStatus,
} from '@tanqin/shared';
import { ChevronLeft, ChevronRight, History, Inbox } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { TruncatedText } from '../../../components/ui/truncated-text.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { type CodesFilter, useCodes } from '../api/codes-queries.ts';
import { formatCount, formatLongDate, formatTime } from '../format.ts';
import { CodeHistoryDrawer } from './code-history-drawer.tsx';
import { STATUS_TONES } from './status-tones.ts';

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="block whitespace-nowrap">
      {formatLongDate(at)}
      <span className="block text-xs text-slate-500">{formatTime(at)}</span>
    </time>
  );
}

/**
 * When a code could be used: its day and hours ("09:00 – 10:00"), or both full dates when it
 * outlives the day. One column for both keeps the table within its frame at 1366 px.
 */
function Validity({ from, until }: { from: string; until: string }) {
  const { t } = useTranslation('codes');
  const sameDay = formatLongDate(from) === formatLongDate(until);
  return (
    <span className="block">
      <time dateTime={from} className="block whitespace-nowrap">
        {formatLongDate(from)}
      </time>
      <span className={`block text-xs text-slate-500 ${sameDay ? 'whitespace-nowrap' : ''}`}>
        {sameDay
          ? t('list.validHours', { from: formatTime(from), until: formatTime(until) })
          : t('list.validUntil', { date: formatLongDate(until), time: formatTime(until) })}
      </span>
    </span>
  );
}

// On a phone each row becomes a small card: one line per column, its label beside the value.
const STACKED_CELL =
  'max-md:flex max-md:justify-between max-md:gap-4 max-md:border-0 max-md:py-1.5';

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Td className={STACKED_CELL}>
      <span aria-hidden className="shrink-0 text-xs font-semibold text-slate-500 md:hidden">
        {label}
      </span>
      <div className="max-md:text-end">{children}</div>
    </Td>
  );
}

function CodeRow({
  item,
  direction,
  onOpen,
}: {
  item: CodeListItem;
  direction: CodeDirection;
  onOpen: () => void;
}) {
  const { t } = useTranslation('codes');
  return (
    <tr className="max-md:block max-md:border-t max-md:border-slate-100 max-md:py-2">
      <Cell label={t('list.columns.reference')}>
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('list.openHistoryOf', { reference: item.token_id })}
          className="inline-flex items-center gap-1.5 rounded text-start text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <History aria-hidden className="size-4 shrink-0" />
          <span className="ltr-island font-mono text-xs max-md:break-all md:whitespace-nowrap">
            {item.token_id}
          </span>
        </button>
      </Cell>
      <Cell label={t('list.columns.status')}>
        <span className="flex flex-wrap gap-1">
          <Badge tone={STATUS_TONES[item.status]}>{t(`status.${item.status}`)}</Badge>
          {item.is_test ? <Badge tone="amber">{t('list.test')}</Badge> : null}
        </span>
      </Cell>
      <Cell label={t('list.columns.fields')}>
        <span className="md:min-w-40 md:inline-block">
          {fieldLabelList(item.data_fields, currentLanguage())}
        </span>
      </Cell>
      <Cell label={t(direction === 'issued' ? 'list.columns.audience' : 'list.columns.issuer')}>
        <TruncatedText
          text={direction === 'issued' ? item.audience.name : item.issuer.name}
          className="max-md:max-w-52 md:max-w-44"
        />
      </Cell>
      <Cell label={t('list.columns.validity')}>
        <Validity from={item.created_at} until={item.expires_at} />
      </Cell>
      <Cell label={t('list.columns.usedAt')}>
        {item.used_at ? (
          <>
            <When at={item.used_at} />
            {/* Each name once: a code is used by its audience (this organisation for a received
                code, the row's other column for an issued one), named only if it is another. */}
            {item.used_by && item.used_by.name !== item.audience.name ? (
              <span className="text-xs text-slate-600">
                {t('list.usedBy', { name: item.used_by.name })}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-slate-500">{t('list.notUsed')}</span>
        )}
      </Cell>
    </tr>
  );
}

function CodesTable({
  organizationId,
  filter,
  pageNumber,
  onNext,
  onPrevious,
  onOpen,
}: {
  organizationId: string;
  filter: CodesFilter;
  pageNumber: number;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
  onOpen: (tokenId: string) => void;
}) {
  const { t } = useTranslation('codes');
  const codes = useCodes(organizationId, filter);
  const { direction } = filter;

  if (codes.isError) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{t('list.error')}</Alert>
        <Button variant="secondary" onClick={() => void codes.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (!codes.data) {
    return (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('list.loading')}
        </p>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} aria-hidden className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  }
  const { tokens, total, total_capped, next_cursor } = codes.data;
  if (total === 0) {
    const filtered = filter.status || filter.q?.trim() || filter.from || filter.to;
    const empty = filtered
      ? 'list.emptyFiltered'
      : direction === 'issued'
        ? 'list.emptyIssued'
        : 'list.emptyReceived';
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Inbox aria-hidden className="size-6" />
        </span>
        <p className="text-slate-600">{t(empty)}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3" aria-busy={codes.isFetching}>
      <Table label={t('list.label')} className="max-md:block">
        <TableHead className="max-md:sr-only">
          <tr>
            <Th>{t('list.columns.reference')}</Th>
            <Th>{t('list.columns.status')}</Th>
            <Th>{t('list.columns.fields')}</Th>
            <Th>{t(direction === 'issued' ? 'list.columns.audience' : 'list.columns.issuer')}</Th>
            <Th>{t('list.columns.validity')}</Th>
            <Th>{t('list.columns.usedAt')}</Th>
          </tr>
        </TableHead>
        <tbody className="max-md:block">
          {tokens.map((item) => (
            <CodeRow
              key={item.token_id}
              item={item}
              direction={direction}
              onOpen={() => onOpen(item.token_id)}
            />
          ))}
        </tbody>
      </Table>
      <nav
        aria-label={t('list.pagination')}
        className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
      >
        <p>
          {t('list.pageOnly', { page: formatCount(pageNumber) })} ·{' '}
          {t(total_capped ? 'list.totalCapped' : 'list.total', { n: formatCount(total) })}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={pageNumber <= 1} onClick={onPrevious}>
            <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
            {t('list.previous')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!next_cursor}
            onClick={() => next_cursor && onNext(next_cursor)}
          >
            {t('list.next')}
            <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
          </Button>
        </div>
      </nav>
    </div>
  );
}

/**
 * The organisation's codes of one mode, issued or received: searchable by reference, status and
 * date, paged by cursor; each opens its history (who decrypted it, receipts) and, if issued, can
 * be revoked.
 */
export function CodesList({
  organizationId,
  role,
  mode,
}: {
  organizationId: string;
  role: MemberRole;
  mode: KeyMode;
}) {
  const { t } = useTranslation('codes');
  const [direction, setDirection] = useState<CodeDirection>('received');
  const [status, setStatus] = useState<TokenStatus>();
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The cursors of the pages before this one: Previous pops, Next pushes.
  const [cursors, setCursors] = useState<string[]>([]);
  const [opened, setOpened] = useState<string | null>(null);
  const restart =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setCursors([]);
    };
  const filter: CodesFilter = {
    mode,
    direction,
    status,
    q: q.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    cursor: cursors.at(-1),
  };

  return (
    <Card className="p-5">
      <h3 className="mb-4 text-base font-bold text-slate-900">{t('list.title')}</h3>
      <Tabs
        value={direction}
        onValueChange={(value) => restart(setDirection)(value as CodeDirection)}
      >
        <TabsList>
          <TabsTrigger value="received">{t('list.received')}</TabsTrigger>
          <TabsTrigger value="issued">{t('list.issued')}</TabsTrigger>
        </TabsList>
        <search className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label={t('list.search')}
            type="search"
            dir="ltr"
            className="text-start font-mono"
            placeholder="tok_…"
            value={q}
            onChange={(event) => restart(setQ)(event.target.value)}
          />
          <SelectField
            label={t('list.statusFilter')}
            value={status ?? ''}
            onChange={(event) =>
              restart(setStatus)((event.target.value || undefined) as TokenStatus | undefined)
            }
          >
            <option value="">{t('list.allStatuses')}</option>
            {TOKEN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </SelectField>
          <DateField
            label={t('list.from')}
            value={from}
            max={to || undefined}
            onChange={restart(setFrom)}
          />
          <DateField
            label={t('list.to')}
            value={to}
            min={from || undefined}
            onChange={restart(setTo)}
          />
        </search>
        {(['received', 'issued'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            <CodesTable
              organizationId={organizationId}
              filter={{ ...filter, direction: value }}
              pageNumber={cursors.length + 1}
              onNext={(cursor) => setCursors([...cursors, cursor])}
              onPrevious={() => setCursors(cursors.slice(0, -1))}
              onOpen={setOpened}
            />
          </TabsContent>
        ))}
      </Tabs>
      <CodeHistoryDrawer
        organizationId={organizationId}
        role={role}
        tokenId={opened}
        canRevokeHere={direction === 'issued'}
        onClose={() => setOpened(null)}
      />
    </Card>
  );
}
