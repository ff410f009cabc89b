import { fromZonedInput, toZonedInput } from '../../../lib/time-zone.ts';
import type { RequestLogFilters } from '../api/get-request-log.ts';

/**
 * The request log's filters live in the address (`?tab=requests&api_key_id=…&from=…`), so a key
 * card or a security event can link to its requests and the back button returns to them. The
 * console's mode (`mode`) stays as it is.
 */
export const REQUESTS_TAB = 'requests';
const FILTER_NAMES = ['api_key_id', 'status', 'from', 'to'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS = /^(success|failure|[1-5]\d\d)$/;
const isInstant = (value: string) => !Number.isNaN(new Date(value).getTime());

/** The filters an address names; a value the API would refuse (an edited link) is left out. */
export function filtersFromSearch(search: URLSearchParams): RequestLogFilters {
  const value = (name: (typeof FILTER_NAMES)[number]) => search.get(name) || undefined;
  const key = value('api_key_id');
  const status = value('status');
  const from = value('from');
  const to = value('to');
  return {
    api_key_id: key && UUID.test(key) ? key : undefined,
    status: status && STATUS.test(status) ? status : undefined,
    from: from && isInstant(from) ? from : undefined,
    to: to && isInstant(to) ? to : undefined,
  };
}

/** The address of the request log (on the verification page) with these filters. */
export function requestsSearch(current: URLSearchParams, filters: RequestLogFilters) {
  const next = new URLSearchParams(current);
  next.set('section', 'verification');
  next.set('tab', REQUESTS_TAB);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return `?${next.toString()}`;
}

const MINUTE_MS = 60_000;

/**
 * The calls around a security event: its key (when it has one), a minute either side. None for an
 * event no request caused (a person's "this wasn't me" report): it records no request path.
 */
export function eventRequestFilters(event: {
  request_path: string | null;
  api_key_id: string | null;
  created_at: string;
  last_seen_at?: string;
}): RequestLogFilters | undefined {
  if (!event.request_path) return undefined;
  const start = new Date(event.created_at).getTime() - MINUTE_MS;
  const end = new Date(event.last_seen_at ?? event.created_at).getTime() + MINUTE_MS;
  return {
    api_key_id: event.api_key_id ?? undefined,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
  };
}

/** An instant as a date field with time holds it: the organisation's clock, to the minute. */
export const toLocalInput = (iso: string | undefined) => toZonedInput(iso);

/** A date field's value with time (the organisation's clock) as an instant; empty is no bound. */
export const fromLocalInput = (value: string) => fromZonedInput(value);
