import { localeFormat } from '../../lib/language.ts';

export { formatCount, formatLongDate } from '../../lib/format.ts';

// Dates and counts as on the other dashboard screens (lib/format.ts); the time is added because
// codes live for minutes, not days.
const timeFormat = localeFormat(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
    }),
);

/** "10:00 ص" */
export const formatTime = (isoTimestamp: string) => timeFormat().format(new Date(isoTimestamp));
