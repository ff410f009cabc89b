import { DOCUMENT_STATUSES, type DocumentItem } from '@tanqin/shared';
import { Download, Eye, FileX, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import type { UploadTarget } from '../api/documents.ts';
import { fileTypeName, formatLongDate, formatNumber, sizeParts } from '../format.ts';
import { shownStatus } from '../status.ts';
import { type UploadState, uploadKey } from '../use-document-uploads.ts';
import type { useFileActions } from '../use-file-actions.ts';
import { FilePickerButton } from './file-picker-button.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UploadProgress } from './upload-progress.tsx';

export const FILTERS = ['all', ...DOCUMENT_STATUSES] as const;
export type DocumentFilter = (typeof FILTERS)[number];
const FILTER_ORDER: DocumentFilter[] = ['all', 'verified', 'pending', 'rejected'];

export function DocumentFilters({
  documents,
  value,
  onChange,
}: {
  documents: DocumentItem[];
  value: DocumentFilter;
  onChange: (filter: DocumentFilter) => void;
}) {
  const { t } = useTranslation('documents');
  const countOf = (filter: DocumentFilter) =>
    filter === 'all'
      ? documents.length
      : documents.filter((document) => document.status === filter).length;
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('list.filterLabel')}</legend>
      <div className="flex max-w-full flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {FILTER_ORDER.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={value === filter}
            onClick={() => onChange(filter)}
            className={cn(
              'inline-flex grow items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors sm:grow-0',
              'focus-visible:outline-2 focus-visible:outline-brand-700',
              value === filter
                ? 'bg-white text-brand-800 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {t(`list.filters.${filter}`)}{' '}
            <span
              className={cn(
                'rounded-full px-1.5 text-xs tabular-nums',
                value === filter ? 'bg-brand-50 text-brand-800' : 'bg-white/70 text-slate-600',
              )}
            >
              {/* The name reads "label (n)" without an aria-label that would hide the visible text. */}
              <span className="sr-only">(</span>
              {formatNumber(countOf(filter))}
              <span className="sr-only">)</span>
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

// On a phone each row becomes a small card: one line per column, its label beside the value.
const STACKED_CELL =
  'max-md:flex max-md:justify-between max-md:gap-4 max-md:border-0 max-md:py-1.5';

function Cell({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Td className={cn(STACKED_CELL, className)}>
      <span aria-hidden className="shrink-0 text-xs font-semibold text-slate-500 md:hidden">
        {label}
      </span>
      <div className="min-w-0 max-md:text-end">{children}</div>
    </Td>
  );
}

function DocumentRow({
  document,
  upload,
  files,
  onReupload,
  onCancelUpload,
  onDelete,
}: {
  document: DocumentItem;
  upload?: UploadState;
  files: ReturnType<typeof useFileActions>;
  onReupload: (target: UploadTarget, file: File) => void;
  onCancelUpload: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('documents');
  const status = shownStatus(document.status);
  const [unit, size] = sizeParts(document.file_size);
  const busy = files.busy?.id === document.id ? files.busy.kind : null;
  return (
    <tr className="max-md:block max-md:border-t max-md:border-slate-100 max-md:py-2">
      {/* A long name without spaces breaks anywhere instead of widening the table. */}
      <Cell label={t('list.columns.name')} className="md:min-w-48 md:max-w-72">
        <span dir="auto" className="font-medium text-slate-900 [overflow-wrap:anywhere]">
          {document.name}
        </span>
      </Cell>
      <Cell label={t('list.columns.type')}>
        <span className="whitespace-nowrap">
          {t(`types.${document.type}`, { defaultValue: document.type })}
        </span>
      </Cell>
      <Cell label={t('list.columns.status')}>
        <StatusBadge status={status} />
      </Cell>
      <Cell label={t('list.columns.date')}>
        <time dateTime={document.created_at} className="whitespace-nowrap">
          {formatLongDate(document.created_at)}
        </time>
      </Cell>
      <Cell label={t('list.columns.fileType')}>
        <span dir="ltr">{fileTypeName(document.file_type)}</span>
      </Cell>
      <Cell label={t('list.columns.size')}>
        <span className="whitespace-nowrap">{t(`size.${unit}`, { n: size })}</span>
      </Cell>
      <Cell label={t('list.columns.notes')} className="md:max-w-56">
        <span className={document.notes ? 'text-slate-700' : 'text-slate-400'}>
          {document.notes || t('list.noNotes')}
        </span>
      </Cell>
      <Td className="max-md:block max-md:border-0 max-md:pt-2">
        <div className="flex flex-wrap gap-1.5 md:min-w-52">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('actions.viewNamed', { name: document.name })}
            disabled={busy !== null}
            onClick={() => void files.view(document)}
          >
            <Eye aria-hidden className="size-4" />
            {busy === 'view' ? t('actions.opening') : t('actions.view')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('actions.downloadNamed', { name: document.name })}
            disabled={busy !== null}
            onClick={() => void files.download(document)}
          >
            <Download aria-hidden className="size-4" />
            {busy === 'download' ? t('actions.downloading') : t('actions.download')}
          </Button>
          {status === 'rejected' ? (
            <FilePickerButton
              variant="primary"
              size="sm"
              disabled={upload?.phase === 'uploading'}
              aria-label={t('actions.reuploadNamed', { name: document.name })}
              inputLabel={t('actions.reuploadNamed', { name: document.name })}
              onFile={(file) => onReupload({ replaceId: document.id }, file)}
            >
              {t('actions.reupload')}
            </FilePickerButton>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={t('actions.deleteNamed', { name: document.name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('actions.delete')}
          </Button>
        </div>
        {upload ? (
          <div className="mt-2 md:max-w-64">
            <UploadProgress upload={upload} onCancel={onCancelUpload} />
          </div>
        ) : null}
      </Td>
    </tr>
  );
}

/** The person's documents under the chosen filter, newest first. */
export function DocumentsTable({
  documents,
  filter,
  uploads,
  files,
  onReupload,
  onCancelUpload,
  onDelete,
}: {
  documents: DocumentItem[];
  filter: DocumentFilter;
  uploads: Record<string, UploadState>;
  files: ReturnType<typeof useFileActions>;
  onReupload: (target: UploadTarget, file: File) => void;
  onCancelUpload: (key: string) => void;
  onDelete: (document: DocumentItem) => void;
}) {
  const { t } = useTranslation('documents');
  const shown = documents
    .filter((document) => filter === 'all' || document.status === filter)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (shown.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FileX aria-hidden className="size-6" />
        </span>
        <p className="text-sm text-slate-600">
          {t(documents.length === 0 ? 'list.empty' : 'list.emptyFiltered')}
        </p>
      </div>
    );
  }
  return (
    <Table label={t('list.label')} className="max-md:block">
      <TableHead className="max-md:sr-only">
        <tr>
          <Th>{t('list.columns.name')}</Th>
          <Th>{t('list.columns.type')}</Th>
          <Th>{t('list.columns.status')}</Th>
          <Th>{t('list.columns.date')}</Th>
          <Th>{t('list.columns.fileType')}</Th>
          <Th>{t('list.columns.size')}</Th>
          <Th>{t('list.columns.notes')}</Th>
          <Th>{t('list.columns.actions')}</Th>
        </tr>
      </TableHead>
      <tbody className="max-md:block">
        {shown.map((document) => {
          const key = uploadKey({ replaceId: document.id });
          return (
            <DocumentRow
              key={document.id}
              document={document}
              upload={uploads[key]}
              files={files}
              onReupload={onReupload}
              onCancelUpload={() => onCancelUpload(key)}
              onDelete={() => onDelete(document)}
            />
          );
        })}
      </tbody>
    </Table>
  );
}
