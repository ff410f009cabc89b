import { localeFormat } from './language.ts';

// The dashboards' dates and numbers: Latin digits (at counter size the Arabic-Indic zero ٠ reads
// as a dot, and the figures sit beside Latin keys, emails and amounts such as 0.005), month names
// in the page's language, and the Gregorian calendar (the API's timestamps are Gregorian; some
// engines default ar-SA to Umm al-Qura). English uses en-GB (lib/language.ts).
// Instants in the display zone (lib/time-zone.ts): the organisation's in the console.
const longDateFormat = localeFormat(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
    }),
);
const dateTimeFormat = localeFormat(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
    }),
);
const countFormat = localeFormat(
  (locale) => new Intl.NumberFormat(locale, { numberingSystem: 'latn' }),
);

/** "22 نوفمبر 2026" */
export const formatLongDate = (isoTimestamp: string) =>
  longDateFormat().format(new Date(isoTimestamp));

/** "22 نوفمبر 2026، 10:05 ص" */
export const formatDateTime = (isoTimestamp: string) =>
  dateTimeFormat().format(new Date(isoTimestamp));

/** "1,234" */
export const formatCount = (value: number) => countFormat().format(value);
