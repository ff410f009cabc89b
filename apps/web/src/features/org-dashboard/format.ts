import { localeFormat } from '../../lib/language.ts';

// Digits on this screen are Latin (0-9), a deliberate choice: at counter size the Arabic-Indic
// zero (٠) reads as a dot, and the screen sits beside Latin identifiers, keys and code. Month
// names stay Arabic. The calendar is pinned to Gregorian: the API's timestamps are Gregorian and
// some engines default ar-SA to the Umm al-Qura calendar. In English the same formats use en-GB
// (lib/language.ts), made for whichever language is current.
const joinedDateFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);
const counterFormat = localeFormat(
  (locale) => new Intl.NumberFormat(locale, { numberingSystem: 'latn' }),
);

export const formatJoinedDate = (isoTimestamp: string) =>
  joinedDateFormat().format(new Date(isoTimestamp));

export const formatCount = (value: number) => counterFormat().format(value);
