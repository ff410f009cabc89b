import { DATE_RANGES, type DateRange, EVENT_SEVERITIES, EVENT_TYPES } from '@tanqin/shared';
import type { EventFilters } from '../api/get-security-events.ts';

/**
 * The events list's filters and page live in the address (`?severity=…&event_type=…&date_range=…
 * &events_page=…`): a reload, a shared link and the back button keep them. A value the API would
 * refuse (an edited link) is left out.
 */
const PAGE = 'events_page';

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function eventFiltersFromSearch(search: URLSearchParams): {
  filters: EventFilters;
  page: number;
} {
  const page = Number(search.get(PAGE));
  return {
    filters: {
      severity: oneOf(EVENT_SEVERITIES, search.get('severity')),
      event_type: oneOf(EVENT_TYPES, search.get('event_type')),
      date_range: oneOf(Object.keys(DATE_RANGES) as DateRange[], search.get('date_range')) ?? '7d',
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address with these filters and page, keeping the rest (the section and tab). */
export function eventFiltersSearch(current: URLSearchParams, filters: EventFilters, page: number) {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) =>
    value ? next.set(name, value) : next.delete(name);
  set('severity', filters.severity);
  set('event_type', filters.event_type);
  set('date_range', filters.date_range === '7d' ? undefined : filters.date_range);
  set(PAGE, page > 1 ? String(page) : undefined);
  return next;
}
