import {
  type CodeDirection,
  type CodeListItem,
  TOKEN_STATUSES,
  type TokenStatus,
} from '@tanqin/shared';
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCodes } from '../api/codes-queries.ts';
import { fieldLabel } from '../field-labels.ts';
import { formatCount, formatLongDate, formatTime } from '../format.ts';

const STATUS_TONES: Record<TokenStatus, BadgeTone> = {
  active: 'green',
  used: 'sky',
  expired: 'amber',
  revoked: 'red',
};

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="block whitespace-nowrap">
      {formatLongDate(at)}
      <span className="block text-xs text-slate-500">{formatTime(at)}</span>
    </time>
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

function CodeRow({ item, direction }: { item: CodeListItem; direction: CodeDirection }) {
  const { t } = useTranslation('codes');
  return (
    <tr className="max-md:block max-md:border-t max-md:border-slate-100 max-md:py-2">
      <Cell label={t('list.columns.reference')}>
        <span className="ltr-island font-mono text-xs text-slate-700 max-md:break-all md:whitespace-nowrap">
          {item.token_id}
        </span>
      </Cell>
      <Cell label={t('list.columns.status')}>
        <Badge tone={STATUS_TONES[item.status]}>{t(`status.${item.status}`)}</Badge>
      </Cell>
      <Cell label={t('list.columns.fields')}>
        <span className="md:min-w-40 md:inline-block">
          {item.data_fields.map((name) => fieldLabel(name, t)).join('، ')}
        </span>
      </Cell>
      <Cell label={t(direction === 'issued' ? 'list.columns.audience' : 'list.columns.issuer')}>
        {direction === 'issued' ? item.audience.name : item.issuer.name}
      </Cell>
      <Cell label={t('list.columns.createdAt')}>
        <When at={item.created_at} />
      </Cell>
      <Cell label={t('list.columns.expiresAt')}>
        <When at={item.expires_at} />
      </Cell>
      <Cell label={t('list.columns.usedAt')}>
        {item.used_at ? (
          <>
            <When at={item.used_at} />
            {item.used_by ? (
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
  direction,
  status,
  page,
  onPage,
}: {
  organizationId: string;
  direction: CodeDirection;
  status?: TokenStatus;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('codes');
  const codes = useCodes(organizationId, { direction, status, page });

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
  const { tokens, total, page_size } = codes.data;
  if (total === 0) {
    const empty = status
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
  const pages = Math.max(1, Math.ceil(total / page_size));
  return (
    <div className="space-y-3" aria-busy={codes.isFetching}>
      <Table label={t('list.label')} className="max-md:block">
        <TableHead className="max-md:sr-only">
          <tr>
            <Th>{t('list.columns.reference')}</Th>
            <Th>{t('list.columns.status')}</Th>
            <Th>{t('list.columns.fields')}</Th>
            <Th>{t(direction === 'issued' ? 'list.columns.audience' : 'list.columns.issuer')}</Th>
            <Th>{t('list.columns.createdAt')}</Th>
            <Th>{t('list.columns.expiresAt')}</Th>
            <Th>{t('list.columns.usedAt')}</Th>
          </tr>
        </TableHead>
        <tbody className="max-md:block">
          {tokens.map((item) => (
            <CodeRow key={item.token_id} item={item} direction={direction} />
          ))}
        </tbody>
      </Table>
      <nav
        aria-label={t('list.pagination')}
        className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
      >
        <p>
          {t('list.page', { page: formatCount(page), pages: formatCount(pages) })} ·{' '}
          {t('list.total', { n: formatCount(total) })}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
            {t('list.previous')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('list.next')}
            <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
          </Button>
        </div>
      </nav>
    </div>
  );
}

/** The organisation's codes, issued or received, with a status filter and pages. */
export function CodesList({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('codes');
  const [direction, setDirection] = useState<CodeDirection>('received');
  const [status, setStatus] = useState<TokenStatus>();
  const [page, setPage] = useState(1);

  return (
    <Card className="p-5">
      <h3 className="mb-4 text-base font-bold text-slate-900">{t('list.title')}</h3>
      <Tabs
        value={direction}
        onValueChange={(value) => {
          setDirection(value as CodeDirection);
          setPage(1);
        }}
      >
        <div className="flex flex-wrap items-end justify-between gap-4">
          <TabsList>
            <TabsTrigger value="received">{t('list.received')}</TabsTrigger>
            <TabsTrigger value="issued">{t('list.issued')}</TabsTrigger>
          </TabsList>
          <div className="w-full sm:w-48">
            <SelectField
              label={t('list.statusFilter')}
              value={status ?? ''}
              onChange={(event) => {
                setStatus((event.target.value || undefined) as TokenStatus | undefined);
                setPage(1);
              }}
            >
              <option value="">{t('list.allStatuses')}</option>
              {TOKEN_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {(['received', 'issued'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            <CodesTable
              organizationId={organizationId}
              direction={value}
              status={status}
              page={page}
              onPage={setPage}
            />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}
