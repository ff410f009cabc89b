import type {
  DateRange,
  EventSeverity,
  EventType,
  KeyMode,
  SecurityEventsPage,
} from '@tanqin/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export type { SecurityEvent, SecurityEventsPage } from '@tanqin/shared';

/** The three filters of the events tab; "all" is the absence of a filter. */
export interface EventFilters {
  severity?: EventSeverity;
  event_type?: EventType;
  date_range: DateRange;
}

export const DEFAULT_EVENT_FILTERS: EventFilters = { date_range: '7d' };
export const EVENTS_PAGE_SIZE = 20;

/**
 * The query string of the events list and of its CSV export: the console's mode and only the
 * filters that are set.
 */
export function buildEventsQuery(
  mode: KeyMode,
  filters: EventFilters,
  paging?: { page: number; pageSize: number },
) {
  const params = new URLSearchParams({ mode });
  if (filters.severity) params.set('severity', filters.severity);
  if (filters.event_type) params.set('event_type', filters.event_type);
  params.set('date_range', filters.date_range);
  if (paging) {
    params.set('page', String(paging.page));
    params.set('page_size', String(paging.pageSize));
  }
  return params.toString();
}

export const getSecurityEvents = (
  mode: KeyMode,
  filters: EventFilters,
  page: number,
  signal?: AbortSignal,
) =>
  apiRequest<SecurityEventsPage>(
    `/api/v1/security/events?${buildEventsQuery(mode, filters, { page, pageSize: EVENTS_PAGE_SIZE })}`,
    { signal },
  );

/** GET /api/v1/security/events; the previous page stays on screen while the next one loads. */
export const useSecurityEvents = (
  organizationId: string,
  mode: KeyMode,
  filters: EventFilters,
  page: number,
) =>
  useQuery({
    queryKey: securityKeys.eventList(organizationId, mode, filters, page),
    queryFn: ({ signal }) => getSecurityEvents(mode, filters, page, signal),
    placeholderData: keepPreviousData,
  });
