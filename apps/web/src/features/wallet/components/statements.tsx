import type { Statement } from '@tanqin/shared';
import { Download, FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { failureReason } from '../../../lib/problem-text.ts';
import { timeZoneName } from '../../../lib/time-zone.ts';
import { downloadStatementCsv, useStatement, useStatements } from '../api/wallet-queries.ts';
import { formatCount, formatMonth, riyalToMillis } from '../format.ts';
import { Amount } from './amount.tsx';

function StatementTable({ statement }: { statement: Statement }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-1 text-sm md:grid-cols-2">
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-slate-500">{t('statements.organization')}</dt>
          <dd className="font-medium text-slate-900">{statement.organization.name}</dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-slate-500">{t('statements.clientId')}</dt>
          <dd>
            <bdi dir="ltr" className="break-all font-mono text-xs">
              {statement.organization.client_id}
            </bdi>
          </dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-slate-500">{t('statements.timeZone')}</dt>
          <dd>{timeZoneName(statement.time_zone, currentLanguage())}</dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-slate-500">{t('statements.price')}</dt>
          <dd>
            <Amount millis={riyalToMillis(statement.price_per_call)} />
          </dd>
        </div>
      </dl>
      {statement.lines.length === 0 ? (
        <p className="text-sm text-slate-600">{t('statements.noCalls')}</p>
      ) : (
        <Table label={t('statements.linesLabel')}>
          <TableHead>
            <tr>
              <Th>{t('statements.endpointAndKey')}</Th>
              <Th className="text-end">{t('statements.calls')}</Th>
              <Th className="text-end">{t('statements.amount')}</Th>
            </tr>
          </TableHead>
          <tbody>
            {statement.lines.map((line) => (
              <tr key={`${line.endpoint}|${line.api_key_id}`}>
                <Td>
                  <bdi dir="ltr" className="block break-all font-mono text-xs">
                    {line.endpoint}
                  </bdi>
                  <span className="text-xs text-slate-600">
                    {line.api_key_name ??
                      t(line.api_key_id ? 'statements.deletedKey' : 'statements.noKey')}
                  </span>
                </Td>
                <Td className="text-end tabular-nums">{formatCount(line.calls)}</Td>
                <Td className="text-end">
                  <Amount millis={riyalToMillis(line.amount)} className="justify-end" />
                </Td>
              </tr>
            ))}
            <tr className="font-semibold">
              <Td>{t('statements.total')}</Td>
              <Td className="text-end tabular-nums">{formatCount(statement.total_calls)}</Td>
              <Td className="text-end">
                <Amount millis={riyalToMillis(statement.total_amount)} className="justify-end" />
              </Td>
            </tr>
          </tbody>
        </Table>
      )}
    </div>
  );
}

function useCsvDownload() {
  const { t } = useTranslation('wallet');
  const [pending, setPending] = useState<string | null>(null);
  const download = async (month: string) => {
    setPending(month);
    try {
      await downloadStatementCsv(month);
    } catch (error) {
      toast.error(`${t('statements.csvFailed')}: ${failureReason(error)}`);
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}

/** The monthly statements of the wallet: each month's calls and amount, to view, print or download. */
export function Statements({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('wallet');
  const list = useStatements(organizationId);
  const [opened, setOpened] = useState<string | null>(null);
  const statement = useStatement(organizationId, opened);
  const csv = useCsvDownload();

  return (
    <Card className="p-5">
      <h3 className="mb-1 flex items-center gap-2 text-base font-bold text-slate-900">
        <FileText aria-hidden className="size-5 text-brand-700" />
        {t('statements.title')}
      </h3>
      <p className="mb-4 text-sm text-slate-600">{t('statements.body')}</p>
      {list.isError ? (
        <Alert tone="error">{failureReason(list.error, t('errors.fallback'))}</Alert>
      ) : !list.data ? (
        <p role="status" className="text-sm text-slate-500">
          {t('statements.loading')}
        </p>
      ) : list.data.statements.length === 0 ? (
        <p className="text-sm text-slate-600">{t('statements.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('statements.title')}>
          {list.data.statements.map((item) => (
            <li key={item.month} className="flex flex-wrap items-center gap-3 py-3">
              <span className="min-w-32 font-semibold text-slate-900">
                {formatMonth(item.month)}
              </span>
              <span className="text-sm text-slate-600">
                {t('statements.callsCount', {
                  count: item.calls,
                  formatted: formatCount(item.calls),
                })}
              </span>
              <Amount millis={riyalToMillis(item.amount)} className="text-sm text-slate-900" />
              <span className="ms-auto flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setOpened(item.month)}
                  aria-label={t('statements.viewOf', { month: formatMonth(item.month) })}
                >
                  {t('statements.view')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={csv.pending === item.month}
                  onClick={() => void csv.download(item.month)}
                  aria-label={t('statements.csvOf', { month: formatMonth(item.month) })}
                >
                  <Download aria-hidden className="size-4" />
                  CSV
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={opened !== null}
        onOpenChange={(open) => {
          if (!open) setOpened(null);
        }}
        title={opened ? t('statements.titleOf', { month: formatMonth(opened) }) : ''}
        className="print-only-this max-w-3xl"
      >
        {statement.isError ? (
          <Alert tone="error">{failureReason(statement.error, t('errors.fallback'))}</Alert>
        ) : statement.data ? (
          <div className="space-y-4">
            <StatementTable statement={statement.data} />
            <div className="no-print">
              <DialogActions>
                <Button onClick={() => window.print()}>
                  <Printer aria-hidden className="size-4" />
                  {t('statements.print')}
                </Button>
                <Button variant="secondary" onClick={() => opened && void csv.download(opened)}>
                  <Download aria-hidden className="size-4" />
                  {t('statements.csv')}
                </Button>
              </DialogActions>
            </div>
          </div>
        ) : (
          <p role="status" className="text-sm text-slate-500">
            {t('statements.loading')}
          </p>
        )}
      </Dialog>
    </Card>
  );
}
