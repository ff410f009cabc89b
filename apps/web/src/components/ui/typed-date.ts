/**
 * Dates as people type them, day first: "22/11/2026", "22/11/2026 14:30". The value behind them
 * is what a native date input holds ("2026-11-22", "2026-11-22T14:30", the device's time), so the
 * screens keep sending the API the same ISO dates.
 */

// Arabic keyboards type ٠-٩ (and Persian ones ۰-۹); the screens show Latin digits.
const NON_LATIN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
// Direction marks and isolates come along when a date is pasted from an Arabic chat.
const INVISIBLE = /\p{Cf}/gu;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^(\d{1,2}):(\d{2})\s*(ص|م|am|pm)?$/i;
const VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function isoDay(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = year >= 1000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

function parseDay(text: string) {
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return isoDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  return null;
}

/** "14:30", or "2:30 م" / "2:30 pm" on a 12-hour clock. */
function parseTime(text: string) {
  const match = TIME.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'م' || half === 'pm' ? 12 : 0);
  }
  return hours < 24 && minutes < 60 ? `${pad(hours)}:${pad(minutes)}` : null;
}

/**
 * The value of what was typed: '' for nothing, null for text that is not a date (or, with
 * `withTime`, not a date and a time).
 */
export function parseTypedDate(text: string, withTime: boolean): string | null {
  const clean = text
    .replace(NON_LATIN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return '';
  const [dayText = '', ...rest] = clean.split(/[ T,،]+/);
  const day = parseDay(dayText);
  if (!day) return null;
  if (!withTime) return rest.length === 0 ? day : null;
  const time = parseTime(rest.join(' '));
  return time ? `${day}T${time}` : null;
}

/** A value as the field shows it: "22/11/2026" or "22/11/2026 14:30"; '' if it is none. */
export function formatDateValue(value: string, withTime: boolean): string {
  const match = VALUE.exec(value);
  if (!match) return '';
  const [, year, month, day, hours, minutes] = match;
  const date = `${day}/${month}/${year}`;
  return withTime ? `${date} ${hours ?? '00'}:${minutes ?? '00'}` : date;
}
