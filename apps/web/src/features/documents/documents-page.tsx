import type { DocumentItem } from '@tanqin/shared';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonalLayout } from '../../components/personal-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useDeleteDocument, useDocuments } from './api/documents.ts';
import {
  type DocumentFilter,
  DocumentFilters,
  DocumentsTable,
} from './components/documents-list.tsx';
import { RequiredDocuments } from './components/required-documents.tsx';
import { useDocumentUploads } from './use-document-uploads.ts';
import { useFileActions } from './use-file-actions.ts';

function ListSkeleton() {
  const { t } = useTranslation('documents');
  return (
    <div aria-busy className="space-y-3">
      <p role="status" className="sr-only">
        {t('list.loading')}
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="h-12 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

/** /documents: upload the required documents with real progress; list, view, download, delete. */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const documents = useDocuments();
  const uploads = useDocumentUploads();
  const files = useFileActions();
  const remove = useDeleteDocument();
  const [filter, setFilter] = useState<DocumentFilter>('all');
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('delete.done')),
      onError: () => toast.error(t('delete.error')),
      onSettled: () => setDeleting(null),
    });
  };

  const list = documents.data;
  // One error at a time: with nothing loaded the required types say so (with its retry) and the
  // empty list is left out; a refresh that fails over a loaded list says so above that list.
  const loadFailed = !list && documents.isError;
  return (
    <PersonalLayout title={t('title')}>
      <div className="space-y-6">
        <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('intro')}</p>
        <RequiredDocuments
          documents={list}
          isLoading={!list && !documents.isError}
          loadFailed={loadFailed}
          onRetry={() => void documents.refetch()}
          isRetrying={documents.isFetching}
          uploads={uploads.uploads}
          onFile={(target, file) => void uploads.start(target, file)}
          onCancel={uploads.cancel}
        />
        {loadFailed ? null : (
          <Card className="p-4 sm:p-5">
            <section aria-labelledby="documents-list-title" className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 id="documents-list-title" className="text-base font-bold text-slate-900">
                  {t('list.title')}
                </h2>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void documents.refetch()}
                  disabled={documents.isFetching}
                >
                  <RotateCw
                    aria-hidden
                    className={documents.isFetching ? 'size-4 animate-spin' : 'size-4'}
                  />
                  {t('list.refresh')}
                </Button>
              </div>
              {list && documents.isError ? (
                <Alert tone="error">{t('list.refreshFailed')}</Alert>
              ) : null}
              {list ? (
                <>
                  <DocumentFilters documents={list} value={filter} onChange={setFilter} />
                  <DocumentsTable
                    documents={list}
                    filter={filter}
                    uploads={uploads.uploads}
                    files={files}
                    onReupload={(target, file) => void uploads.start(target, file)}
                    onCancelUpload={uploads.cancel}
                    onDelete={setDeleting}
                  />
                </>
              ) : (
                <ListSkeleton />
              )}
            </section>
          </Card>
        )}
      </div>
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={t('delete.title')}
          description={t('delete.description', { name: deleting.name })}
          confirmLabel={t('delete.confirm')}
          pendingLabel={t('delete.pending')}
          cancelLabel={t('delete.cancel')}
          isPending={remove.isPending}
          onConfirm={confirmDelete}
        />
      ) : null}
    </PersonalLayout>
  );
}
