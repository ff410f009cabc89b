import type { KeyMode, RequestLogPage } from '@tanqin/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type { RequestLogEntry } from '@tanqin/shared';

/**
 * The request log's filters; absent means "any". `from` and `to` are ISO instants. The mode is
 * the console's (lib/console-mode.ts), not a filter of its own.
 */
export interface RequestLogFilters {
  api_key_id?: string;
  /** `success`, `failure`, or one HTTP status. */
  status?: string;
  from?: string;
  to?: string;
}

export const REQUEST_LOG_PAGE_SIZE = 25;

/**
 * The query string of one page: the console's mode, only the filters that are set, and the
 * cursor of the page.
 */
export function requestLogQuery(mode: KeyMode, filters: RequestLogFilters, cursor: string | null) {
  const params = new URLSearchParams({ mode });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(REQUEST_LOG_PAGE_SIZE));
  return params.toString();
}

export const getRequestLog = (
  mode: KeyMode,
  filters: RequestLogFilters,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  apiRequest<RequestLogPage>(
    `/api/v1/security/requests?${requestLogQuery(mode, filters, cursor)}`,
    { signal },
  );

/** GET /api/v1/security/requests, one page; the page on screen stays while the next one loads. */
export const useRequestLog = (
  organizationId: string,
  mode: KeyMode,
  filters: RequestLogFilters,
  cursor: string | null,
) =>
  useQuery({
    queryKey: securityKeys.requestLog(organizationId, mode, filters, cursor),
    queryFn: ({ signal }) => getRequestLog(mode, filters, cursor, signal),
    placeholderData: keepPreviousData,
  });
