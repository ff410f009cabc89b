/**
 * Roll-ups count by the quarter hour in UTC: every time zone in use is a whole number of quarter
 * hours from UTC, so any organisation's day or month is a whole number of quarters.
 */
export const QUARTER_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The quarter hour of a timestamp column, in SQL (the same boundaries as `quarterStart`). */
export const quarterSql = (column: string) =>
  `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

export const quarterStart = (instant: Date) =>
  new Date(Math.floor(instant.getTime() / QUARTER_MS) * QUARTER_MS);

/** The first UTC midnight at or after `instant`. */
export const nextUtcMidnight = (instant: Date) =>
  new Date(Math.ceil(instant.getTime() / DAY_MS) * DAY_MS);
