/** The organisation's default zone (spec: month and day starts default to Asia/Riyadh). */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';

// Left-to-right isolate: "Asia/Riyadh (GMT+3)" keeps its order inside the Arabic label.
const ltr = (text: string) => `\u2066${text}\u2069`;

function zoneName(timeZone: string, locale: string, style: 'longGeneric' | 'shortOffset') {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
      .formatToParts(Date.now())
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * "توقيت السعودية — Asia/Riyadh (GMT+3)": the zone's name in the page's language, its IANA id
 * and its offset today, so a zone can be found by either its country or its city.
 */
export function timeZoneLabel(timeZone: string, locale = 'ar') {
  const name = zoneName(timeZone, locale, 'longGeneric');
  const offset = zoneName(timeZone, 'en', 'shortOffset');
  const id = ltr(offset ? `${timeZone} (${offset})` : timeZone);
  return name && name !== offset ? `${name} — ${id}` : id;
}

export interface TimeZoneOption {
  value: string;
  label: string;
}

const cache = new Map<string, TimeZoneOption[]>();

/**
 * Every zone the browser knows (`Intl.supportedValuesOf`), Asia/Riyadh first, then by id; a
 * saved zone the browser does not list (an alias such as "UTC") is kept so it stays selectable.
 */
export function timeZoneOptions(locale = 'ar', current?: string): TimeZoneOption[] {
  let options = cache.get(locale);
  if (!options) {
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE);
    options = [DEFAULT_TIME_ZONE, ...zones.sort()].map((value) => ({
      value,
      label: timeZoneLabel(value, locale),
    }));
    cache.set(locale, options);
  }
  if (current && !options.some((option) => option.value === current)) {
    return [
      options[0] as TimeZoneOption,
      { value: current, label: timeZoneLabel(current, locale) },
      ...options.slice(1),
    ];
  }
  return options;
}
