import { wallClockAsUtc } from '@tanqin/shared';

/** A calendar date in some time zone (month 1..12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far the zone's clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockAsUtc(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/** The calendar date in `timeZone` at `instant`. */
export function localDateAt(instant: Date, timeZone: string): LocalDate {
  const wall = new Date(wallClockAsUtc(instant.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** `date` moved by whole calendar days (month and year carry over). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export const formatLocalDate = ({ year, month, day }: LocalDate) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The first instant of `date` in `timeZone`. The offset is the one in force at that midnight,
 * not now: a daylight-saving change between the two would otherwise move the boundary by an
 * hour. Where the clocks jump over midnight (the day starts at 01:00), the jump is the start.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const midnight = Date.UTC(date.year, date.month - 1, date.day);
  // No zone changes its offset twice within two days, so the offsets a day either side of
  // midnight are the only candidates.
  const candidates = [
    midnight - offsetAt(midnight - DAY_MS, timeZone),
    midnight - offsetAt(midnight + DAY_MS, timeZone),
  ];
  const exact = candidates.filter((instant) => wallClockAsUtc(instant, timeZone) === midnight);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

/**
 * Start of the current day or month in an organisation's time zone (default Asia/Riyadh), as a
 * UTC instant: "calls today" means today where the organisation is.
 */
export function startOfPeriod(now: Date, period: 'day' | 'month', timeZone: string): Date {
  const today = localDateAt(now, timeZone);
  return startOfLocalDay(period === 'day' ? today : { ...today, day: 1 }, timeZone);
}
