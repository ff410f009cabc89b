import { formatCount } from '../../lib/format.ts';
import { localeFormat } from '../../lib/language.ts';

export { formatCount, formatLongDate } from '../../lib/format.ts';

// Latin digits and the Gregorian calendar as on every dashboard screen (lib/format.ts): 0.005
// must read the same in the wallet, the API answers and the invoices integrators keep.
// Days (yyyy-mm-dd) arrive as the organisation's calendar dates and are shown as they are (UTC
// formatting of their midnight); instants are shown in the organisation's zone (lib/time-zone.ts),
// so a call's time sits under the date the API grouped it by.
const utcDayFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone: 'UTC',
    }),
);
const clockTimeFormat = localeFormat(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone,
    }),
);
const shortDayFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone: 'UTC',
    }),
);

/**
 * A riyal amount as the API writes it ("0.005") to integer thousandths (5). Money stays an
 * integer here as on the server; an amount that is not a decimal with at most 3 places is NaN.
 */
export function riyalToMillis(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(amount.trim());
  if (!match) return Number.NaN;
  const millis = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return match[1] ? -millis : millis;
}

/** Thousandths of a riyal with 3 decimals and grouped thousands: 1234500 -> "1,234.500". */
export function formatMillis(millis: number): string {
  if (!Number.isFinite(millis)) return '—';
  const sign = millis < 0 ? '-' : '';
  const abs = Math.abs(millis);
  return `${sign}${formatCount(Math.floor(abs / 1000))}.${String(abs % 1000).padStart(3, '0')}`;
}

/** An amount from the API, always with 3 decimals, so 0.005 never reads as 0.01. */
export const formatRiyal = (amount: string) => formatMillis(riyalToMillis(amount));

/** A calendar date ("2026-11-22") as an Arabic long date: "22 نوفمبر 2026". */
export const formatDay = (date: string) => utcDayFormat().format(new Date(`${date}T00:00:00Z`));

/** A calendar date as day and month only, for the chart's axis: "22 نوفمبر". */
export const formatShortDay = (date: string) =>
  shortDayFormat().format(new Date(`${date}T00:00:00Z`));

/** The time of day of an instant in the organisation's zone: "10:00:00 ص". */
export const formatClockTime = (isoTimestamp: string) =>
  clockTimeFormat().format(new Date(isoTimestamp));

const monthFormat = localeFormat(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
      timeZone: 'UTC',
    }),
);

/** "نوفمبر 2026" for "2026-11". */
export const formatMonth = (month: string) =>
  monthFormat().format(new Date(`${month}-01T00:00:00Z`));
