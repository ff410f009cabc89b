import type { DocumentItem } from '@tanqin/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { fetchDocumentFile } from './api/documents.ts';

// Long enough for the new tab to read the file; the URL is only valid in this browser anyway.
const OBJECT_URL_LIFETIME_MS = 60_000;

/** View (a new tab) and download: the file comes with the bearer, then as an object URL. */
export function useFileActions() {
  const { t } = useTranslation('documents');
  const [busy, setBusy] = useState<{ id: string; kind: 'view' | 'download' } | null>(null);

  const run = async (document: DocumentItem, kind: 'view' | 'download') => {
    setBusy({ id: document.id, kind });
    try {
      const { blob, fileName } = await fetchDocumentFile(document.id, kind === 'download');
      const url = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
      if (kind === 'view') {
        const opened = window.open(url, '_blank');
        if (opened) opened.opener = null;
        else toast.error(t('actions.popupBlocked'));
        return;
      }
      const link = window.document.createElement('a');
      link.href = url;
      link.download = fileName ?? document.name;
      window.document.body.append(link);
      link.click();
      link.remove();
    } catch {
      toast.error(t('actions.fileError'));
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    view: (document: DocumentItem) => run(document, 'view'),
    download: (document: DocumentItem) => run(document, 'download'),
  };
}
