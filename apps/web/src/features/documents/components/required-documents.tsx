import { DOCUMENT_TYPES, type DocumentItem, type DocumentType } from '@tanqin/shared';
import {
  BookOpen,
  Car,
  GraduationCap,
  House,
  IdCard,
  type LucideIcon,
  RotateCw,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { UploadTarget } from '../api/documents.ts';
import { shownStatus } from '../status.ts';
import { type UploadState, uploadKey } from '../use-document-uploads.ts';
import { FilePickerButton } from './file-picker-button.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UploadProgress } from './upload-progress.tsx';

const ICONS: Record<DocumentType, LucideIcon> = {
  national_id: IdCard,
  passport: BookOpen,
  driving_license: Car,
  education: GraduationCap,
  address_proof: House,
};

/** The newest document of each type: what its tile reports. */
function latestByType(documents: DocumentItem[] | undefined) {
  const latest = new Map<string, DocumentItem>();
  for (const document of documents ?? []) {
    const seen = latest.get(document.type);
    if (!seen || document.created_at > seen.created_at) latest.set(document.type, document);
  }
  return latest;
}

function TypeTile({
  type,
  latest,
  upload,
  isLoading,
  loadFailed,
  onFile,
  onCancel,
}: {
  type: DocumentType;
  latest?: DocumentItem;
  upload?: UploadState;
  isLoading: boolean;
  /** The list did not load: what was uploaded is unknown, not "not uploaded". */
  loadFailed: boolean;
  onFile: (target: UploadTarget, file: File) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('documents');
  const Icon = ICONS[type];
  const typeName = t(`types.${type}`);
  const status = latest ? shownStatus(latest.status) : null;
  // A rejected document gets a new file in its place; otherwise a new document is added.
  const target: UploadTarget =
    latest && status === 'rejected' ? { replaceId: latest.id } : { type };
  const action = !latest ? 'upload' : status === 'rejected' ? 'reupload' : 'uploadAnother';
  const isUploading = upload?.phase === 'uploading';

  return (
    // min-w-0: a long file name in the upload line is cut short instead of widening the grid.
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-bold text-slate-900">{typeName}</h3>
          {isLoading ? (
            <span aria-hidden className="block h-5 w-20 animate-pulse rounded-full bg-slate-100" />
          ) : status ? (
            <StatusBadge status={status} />
          ) : loadFailed ? (
            <Badge tone="amber">{t('status.loadFailed')}</Badge>
          ) : (
            <Badge tone="slate">{t('status.none')}</Badge>
          )}
        </div>
      </div>
      {latest && status === 'rejected' && latest.notes ? (
        <p className="text-xs leading-relaxed text-red-800">
          {t('required.rejectedNote', { notes: latest.notes })}
        </p>
      ) : null}
      <div className="mt-auto space-y-3">
        {upload ? <UploadProgress upload={upload} onCancel={onCancel} /> : null}
        <FilePickerButton
          variant={action === 'uploadAnother' ? 'secondary' : 'primary'}
          size="sm"
          className="w-full"
          disabled={isUploading || isLoading || loadFailed}
          aria-label={t(`required.${action}`, { type: typeName })}
          inputLabel={t(`required.${action}`, { type: typeName })}
          onFile={(file) => onFile(target, file)}
        >
          {t(`required.${action}Short`)}
        </FilePickerButton>
      </div>
    </li>
  );
}

/** One tile per required type: its state, and the button that uploads it. */
export function RequiredDocuments({
  documents,
  isLoading,
  loadFailed,
  onRetry,
  isRetrying,
  uploads,
  onFile,
  onCancel,
}: {
  documents: DocumentItem[] | undefined;
  isLoading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  isRetrying: boolean;
  uploads: Record<string, UploadState>;
  onFile: (target: UploadTarget, file: File) => void;
  onCancel: (key: string) => void;
}) {
  const { t } = useTranslation('documents');
  const latest = latestByType(documents);
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="required-documents-title" className="space-y-4">
        <div>
          <h2 id="required-documents-title" className="text-base font-bold text-slate-900">
            {t('required.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('required.hint')}</p>
        </div>
        {loadFailed ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('required.loadFailed')}</span>
            <Button variant="secondary" size="sm" onClick={onRetry} disabled={isRetrying}>
              <RotateCw aria-hidden className={isRetrying ? 'size-4 animate-spin' : 'size-4'} />
              {t('required.retry')}
            </Button>
          </Alert>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {DOCUMENT_TYPES.map((type) => {
            const document = latest.get(type);
            // A re-upload runs in the row's slot; the tile shows whichever of its slots is in use.
            const slots = [uploadKey({ type })];
            if (document) slots.push(uploadKey({ replaceId: document.id }));
            const key =
              slots.find((slot) => uploads[slot]?.phase === 'uploading') ??
              slots.find((slot) => uploads[slot]);
            return (
              <TypeTile
                key={type}
                type={type}
                latest={document}
                upload={key ? uploads[key] : undefined}
                isLoading={isLoading}
                loadFailed={loadFailed}
                onFile={onFile}
                onCancel={() => key && onCancel(key)}
              />
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
