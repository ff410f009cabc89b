import { localeFormat } from '../../lib/language.ts';

// The same choices as the dashboard item (org-dashboard/format.ts): Latin digits beside Latin
// keys and addresses, Arabic month names, the Gregorian calendar the API's timestamps use.
const dateTimeFormat = localeFormat(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
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
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'medium',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
    }),
);

/**
 * A call's time to the second, the date in words as on the other screens: "2 ديسمبر 2026 في
 * 1:30:27 م", "2 December 2026 at 13:30:27". Calls come many a minute.
 */
export const formatPreciseTime = (isoTimestamp: string) =>
  preciseTimeFormat().format(new Date(isoTimestamp));

const relativeFormat = localeFormat(
  (locale) => new Intl.RelativeTimeFormat(`${locale}-u-nu-latn`, { numeric: 'always' }),
);
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** Time left until a moment, in its largest whole unit: "in 3 days", "خلال ساعتين". */
export function formatTimeLeft(milliseconds: number) {
  const [unit, size] = UNITS.find(([, size]) => milliseconds >= size) ?? UNITS.at(-1)!;
  return relativeFormat().format(Math.max(1, Math.floor(milliseconds / size)), unit);
}
