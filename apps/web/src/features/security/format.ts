import { localeFormat } from '../../lib/language.ts';

// The same choices as the dashboard item (org-dashboard/format.ts): Latin digits beside Latin
// keys and addresses, Arabic month names, the Gregorian calendar the API's timestamps use.
const dateTimeFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);
const countFormat = localeFormat(
  (locale) => new Intl.NumberFormat(locale, { numberingSystem: 'latn' }),
);
const percentFormat = localeFormat(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      numberingSystem: 'latn',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }),
);

/** Arabic (Saudi) long date with the time, e.g. "5 مارس 2025 في 1:00 م". */
export const formatDateTime = (isoTimestamp: string) =>
  dateTimeFormat().format(new Date(isoTimestamp));

/** Counts arrive as numbers or, for 64-bit columns, as decimal strings. */
export const formatCount = (value: number | string) => countFormat().format(Number(value));

/** A percentage with one decimal and the Arabic percent sign, e.g. 12.5 -> "12.5٪". */
export const formatPercent = (percent: number) => percentFormat().format(percent / 100);

const preciseTimeFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);

/** A call's time to the second, e.g. "24 Nov 2026, 14:03:27": calls come many a minute. */
export const formatPreciseTime = (isoTimestamp: string) =>
  preciseTimeFormat().format(new Date(isoTimestamp));
