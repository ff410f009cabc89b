import type {
  MisuseReportResult,
  PersonalCode,
  PersonalCodeBodyRole,
  PersonalCodeList,
  PersonalCodeRevokeResult,
  TokenStatus,
} from '@tanqin/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { datedCsvName, saveCsvFile } from '../../../lib/save-file.ts';

export const myCodesKey = ['me', 'codes'] as const;

/** What the person narrows their history to; days are the person's own calendar days. */
export interface HistoryFilters {
  body: string;
  body_role: PersonalCodeBodyRole;
  status: TokenStatus | '';
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  /** `YYYY-MM-DD`, inclusive. */
  to: string;
}

export const NO_FILTERS: HistoryFilters = {
  body: '',
  body_role: 'any',
  status: '',
  from: '',
  to: '',
};

/** The start of a local calendar day, `days` later, as an instant. */
function localDayStart(day: string, days = 0) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + days).toISOString();
}

/** The query string of a page and of the CSV export: only the filters that are set. */
export function historyQuery(filters: HistoryFilters, cursor?: string) {
  const params = new URLSearchParams();
  const body = filters.body.trim();
  if (body) {
    params.set('body', body);
    if (filters.body_role !== 'any') params.set('body_role', filters.body_role);
  }
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', localDayStart(filters.from));
  // The last day is included: the API's `to` is exclusive, so the day after it starts.
  if (filters.to) params.set('to', localDayStart(filters.to, 1));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** GET /api/v1/me/codes, page by page (newest first), with the filters. */
export const myCodesQuery = (filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: [...myCodesKey, filters],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query = historyQuery(filters, pageParam || undefined);
      return apiRequest<PersonalCodeList>(`/api/v1/me/codes${query ? `?${query}` : ''}`, {
        side: 'individual',
        signal,
      });
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/**
 * The history: asked only once the identity is proven (before, the answer is 403
 * identity_unverified).
 */
export const useMyCodes = (filters: HistoryFilters, { enabled = true } = {}) =>
  useInfiniteQuery({
    ...myCodesQuery(filters),
    enabled,
    // A new filter keeps the list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/v1/me/codes.csv with the filters, saved as `my-codes-YYYY-MM-DD.csv`; the file names
 * the fields in the page's language.
 */
export async function exportMyCodes(filters: HistoryFilters) {
  const query = new URLSearchParams(historyQuery(filters));
  query.set('lang', currentLanguage());
  const csv = await apiRequest<string>(`/api/v1/me/codes.csv?${query}`, {
    side: 'individual',
  });
  saveCsvFile(csv, datedCsvName('my-codes'));
}

export const useExportMyCodes = () => useMutation({ mutationFn: exportMyCodes });

/** An answer's code replaces the one in every loaded list. */
function replaceCode(queryClient: QueryClient, code: PersonalCode) {
  queryClient.setQueriesData<InfiniteData<PersonalCodeList>>(
    { queryKey: myCodesKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          codes: page.codes.map((item) => (item.id === code.id ? code : item)),
        })),
      },
  );
}

const codePath = (id: string, action: string) =>
  `/api/v1/me/codes/${encodeURIComponent(id)}/${action}`;

/** POST /api/v1/me/codes/:id/revoke. */
export function useRevokeMyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PersonalCodeRevokeResult>(codePath(id, 'revoke'), {
        method: 'POST',
        side: 'individual',
      }),
    onSuccess: ({ code }) => replaceCode(queryClient, code),
    // A refusal (already used, expired) means the list is stale: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: myCodesKey }),
  });
}

/** POST /api/v1/me/codes/:id/report-misuse ("This wasn't me"), with the optional note. */
export function useReportMisuse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiRequest<MisuseReportResult>(codePath(id, 'report-misuse'), {
        method: 'POST',
        side: 'individual',
        body: note.trim() ? { note } : {},
      }),
    onSuccess: ({ code }) => replaceCode(queryClient, code),
  });
}
