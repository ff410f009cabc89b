import type { DocumentItem } from '@tanqin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { failureReason } from '../../lib/problem-text.ts';
import {
  documentsKey,
  UploadNetworkError,
  type UploadTarget,
  uploadDocument,
} from './api/documents.ts';
import { checkFile } from './file-checks.ts';

export interface UploadState {
  name: string;
  progress: number;
  phase: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Upload slots: one per required type ("type:passport") and one per re-uploaded row ("doc:<id>"). */
export const uploadKey = (target: UploadTarget) =>
  'type' in target ? `type:${target.type}` : `doc:${target.replaceId}`;

const SERVER_PROBLEMS: Record<string, string> = {
  payload_too_large: 'too_large',
  unsupported_file_type: 'unsupported',
  document_verified: 'document_verified',
  not_found: 'not_found',
};

/** Chooses, checks and uploads files with real progress; the list learns of each new row. */
export function useDocumentUploads() {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const set = useCallback((key: string, state: UploadState | null) => {
    setUploads((current) => {
      const next = { ...current };
      if (state) next[key] = state;
      else delete next[key];
      return next;
    });
  }, []);

  const messageOf = (error: unknown) => {
    if (error instanceof UploadNetworkError) return t('upload.errors.network');
    if (error instanceof ApiError) {
      const known =
        SERVER_PROBLEMS[error.code] ??
        (error.status === 413 ? 'too_large' : error.status === 415 ? 'unsupported' : undefined);
      if (known) return t(`upload.errors.${known}`);
    }
    return failureReason(error, t('upload.errors.fallback'));
  };

  const start = async (target: UploadTarget, file: File) => {
    const key = uploadKey(target);
    controllers.current.get(key)?.abort();
    const checked = await checkFile(file);
    if (!checked.ok) {
      set(key, {
        name: file.name,
        progress: 0,
        phase: 'failed',
        error: t(`upload.errors.${checked.problem}`),
      });
      return;
    }
    const controller = new AbortController();
    controllers.current.set(key, controller);
    set(key, { name: file.name, progress: 0, phase: 'uploading' });
    try {
      const document = await uploadDocument({
        target,
        file,
        fileType: checked.fileType,
        signal: controller.signal,
        onProgress: (progress) => set(key, { name: file.name, progress, phase: 'uploading' }),
      });
      set(key, { name: file.name, progress: 100, phase: 'done' });
      queryClient.setQueryData<DocumentItem[]>(documentsKey, (documents) =>
        documents ? [document, ...documents.filter((item) => item.id !== document.id)] : [document],
      );
      void queryClient.invalidateQueries({ queryKey: documentsKey });
      toast.success(t('upload.success'));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        set(key, null);
        toast.info(t('upload.cancelled', { name: file.name }));
        return;
      }
      set(key, { name: file.name, progress: 0, phase: 'failed', error: messageOf(error) });
    } finally {
      if (controllers.current.get(key) === controller) controllers.current.delete(key);
    }
  };

  const cancel = (key: string) => controllers.current.get(key)?.abort();

  return { uploads, start, cancel };
}
