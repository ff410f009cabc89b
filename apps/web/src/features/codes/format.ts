import { localeFormat } from '../../lib/language.ts';

// As on the other dashboard screens (org-dashboard/format.ts, wallet/format.ts): Arabic (Saudi)
// long dates with Latin digits and the Gregorian calendar, since the API's timestamps are
// Gregorian and the screen sits beside Latin identifiers. The time is added because codes live
// for minutes, not days.
const longDateFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);
const timeFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);
const countFormat = localeFormat(
  (locale) => new Intl.NumberFormat(locale, { numberingSystem: 'latn' }),
);

/** "22 نوفمبر 2026" */
export const formatLongDate = (isoTimestamp: string) =>
  longDateFormat().format(new Date(isoTimestamp));

/** "10:00 ص" */
export const formatTime = (isoTimestamp: string) => timeFormat().format(new Date(isoTimestamp));

export const formatCount = (value: number) => countFormat().format(value);
