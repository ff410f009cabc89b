import type { KeyMode, RequestLogPage } from '@tanqin/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type { RequestLogEntry } from '@tanqin/shared';

/** The request log's filters; absent means "any". `from` and `to` are ISO instants. */
export interface RequestLogFilters {
  api_key_id?: string;
  /** `success`, `failure`, or one HTTP status. */
  status?: string;
  mode?: KeyMode;
  from?: string;
  to?: string;
}

export const REQUEST_LOG_PAGE_SIZE = 25;

/** The query string of one page: only the filters that are set, and the cursor of the page. */
export function requestLogQuery(filters: RequestLogFilters, cursor: string | null) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(REQUEST_LOG_PAGE_SIZE));
  return params.toString();
}

export const getRequestLog = (
  filters: RequestLogFilters,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  apiRequest<RequestLogPage>(`/api/v1/security/requests?${requestLogQuery(filters, cursor)}`, {
    signal,
  });

/** GET /api/v1/security/requests, one page; the page on screen stays while the next one loads. */
export const useRequestLog = (
  organizationId: string,
  filters: RequestLogFilters,
  cursor: string | null,
) =>
  useQuery({
    queryKey: securityKeys.requestLog(organizationId, filters, cursor),
    queryFn: ({ signal }) => getRequestLog(filters, cursor, signal),
    placeholderData: keepPreviousData,
  });
