import { localeFormat } from '../../lib/language.ts';

// As on the other dashboard screens: long dates in the page's language with Latin digits and the
// Gregorian calendar (the API's timestamps are Gregorian and sit beside Latin emails).
const longDateFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);

/** "5 مارس 2025" */
export const formatLongDate = (isoTimestamp: string) =>
  longDateFormat().format(new Date(isoTimestamp));

/** A member's name as shown, or their email when they have none yet. */
export const displayName = (person: { first_name: string; last_name: string; email: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email;
