import { localeFormat } from '../../../lib/language.ts';

// The analytics' days are calendar dates of the organisation's time zone: shown as they are.
const dayFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
      calendar: 'gregory',
      numberingSystem: 'latn',
    }),
);

/** "2026-11-24" -> "24 Nov" / "24 نوفمبر". */
export const formatDay = (date: string) => dayFormat().format(new Date(`${date}T00:00:00Z`));
