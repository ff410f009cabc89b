import type { SecurityEvent } from '../api/get-security-events.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;
const regionNames = new Intl.DisplayNames(['ar'], { type: 'region' });

/**
 * An Arabic one-line account of an event, from its type and fields: the API writes its
 * descriptions in English (shown beneath, as recorded).
 */
export function eventSummary(event: SecurityEvent, t: Translate) {
  const country =
    typeof event.additional_data?.country === 'string'
      ? (regionNames.of(event.additional_data.country) ?? event.additional_data.country)
      : undefined;
  // First-strong isolates keep a Latin key name or address from reordering the Arabic around it.
  const isolate = (text: string) => `\u2068${text}\u2069`;
  // A key_disabled event is either the key being switched off in the dashboard or a /v1 call
  // refused because the key is off or expired.
  const summary =
    event.event_type === 'key_disabled' && event.request_path?.startsWith('/v1/')
      ? 'key_disabled_refused'
      : event.event_type;
  return t(`events.summaries.${summary}`, {
    key: isolate(event.api_key_name ?? t('events.unknownKey')),
    ip: isolate(event.client_ip ?? '—'),
    country: country ?? t('events.unknownCountry'),
  });
}
