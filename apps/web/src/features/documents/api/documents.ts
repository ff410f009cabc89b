import {
  DOCUMENT_CONTENT_TYPES,
  type DocumentFileType,
  type DocumentItem,
  type DocumentList,
  type DocumentSaved,
  type DocumentType,
} from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toApiError, withPersonalSession } from './session-fetch.ts';

export const documentsKey = ['documents'] as const;

/** GET /api/v1/documents?status=all: one call gives the list and the filter counts. */
export const useDocuments = () =>
  useQuery({
    queryKey: documentsKey,
    queryFn: ({ signal }) =>
      apiRequest<DocumentList>('/api/v1/documents?status=all', {
        side: 'individual',
        signal,
      }).then((body) => body.documents),
  });

/** DELETE /api/v1/documents/:id */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/v1/documents/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        side: 'individual',
      }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<DocumentItem[]>(documentsKey, (documents) =>
        documents?.filter((document) => document.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

/** Where an upload goes: a new document of a type, or a new file for a rejected one. */
export type UploadTarget = { type: DocumentType } | { replaceId: string };

export interface UploadRequest {
  target: UploadTarget;
  file: File;
  fileType: DocumentFileType;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

export class UploadNetworkError extends Error {}

interface XhrAnswer {
  status: number;
  text: () => Promise<string>;
}

/** One XHR send, so the progress is the browser's real count of bytes sent. */
function sendWithXhr(
  method: 'POST' | 'PUT',
  url: string,
  { file, fileType, onProgress, signal }: UploadRequest,
  token: string | null,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', DOCUMENT_CONTENT_TYPES[fileType]);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    onProgress(0);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = String(xhr.responseText ?? '');
      resolve({ status: xhr.status, text: async () => body });
    };
    xhr.onerror = () => reject(new UploadNetworkError('upload failed'));
    xhr.onabort = () => reject(new DOMException('upload stopped', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('upload stopped', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * POST /api/v1/documents?type=&name= or PUT /api/v1/documents/:id/file?name= with the raw file.
 * The Content-Type is the type found in the file's first bytes (the server checks them again).
 */
export async function uploadDocument(request: UploadRequest): Promise<DocumentItem> {
  const { target, file } = request;
  const url =
    'type' in target
      ? `/api/v1/documents?${new URLSearchParams({ type: target.type, name: file.name })}`
      : `/api/v1/documents/${encodeURIComponent(target.replaceId)}/file?${new URLSearchParams({ name: file.name })}`;
  const method = 'type' in target ? 'POST' : 'PUT';
  const answer = await withPersonalSession((token) => sendWithXhr(method, url, request, token));
  if (answer.status < 200 || answer.status >= 300) throw await toApiError(answer);
  return (JSON.parse(await answer.text()) as DocumentSaved).document;
}

/** The file's name from Content-Disposition (RFC 5987 `filename*` first), else undefined. */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1];
}

/**
 * GET /api/v1/documents/:id/file with the bearer: the browser cannot add it to a plain link, so
 * the file comes as a blob that the page opens or saves through an object URL.
 */
export async function fetchDocumentFile(id: string, download: boolean) {
  const path = `/api/v1/documents/${encodeURIComponent(id)}/file${download ? '?download=1' : ''}`;
  const response = await withPersonalSession((token) =>
    fetch(path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    }),
  );
  if (!response.ok) throw await toApiError(response);
  return {
    blob: await response.blob(),
    fileName: fileNameFrom(response.headers.get('content-disposition')),
  };
}
