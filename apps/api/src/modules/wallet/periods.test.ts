import { describe, expect, it } from 'vitest';
import { addDays, localDateAt, startOfLocalDay, startOfPeriod } from './periods.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('day and month boundaries in the organisation time zone', () => {
  it('Riyadh (UTC+3, no daylight saving): the day turns at 21:00 UTC', () => {
    expect(iso(startOfPeriod(at('2026-11-22T20:59:59.999Z'), 'day', 'Asia/Riyadh'))).toBe(
      '2026-11-21T21:00:00.000Z',
    );
    expect(iso(startOfPeriod(at('2026-11-22T21:00:00.000Z'), 'day', 'Asia/Riyadh'))).toBe(
      '2026-11-22T21:00:00.000Z',
    );
    expect(iso(startOfPeriod(at('2026-11-30T21:00:00.000Z'), 'month', 'Asia/Riyadh'))).toBe(
      '2026-11-30T21:00:00.000Z',
    );
    expect(iso(startOfPeriod(at('2026-11-30T20:59:59.000Z'), 'month', 'Asia/Riyadh'))).toBe(
      '2026-10-31T21:00:00.000Z',
    );
  });

  it('New York: a month that began in winter time keeps its winter-time start after the change', () => {
    // Daylight saving began on 8 March 2026; 1 March started at 05:00 UTC (UTC-5).
    expect(iso(startOfPeriod(at('2026-03-20T12:00:00Z'), 'month', 'America/New_York'))).toBe(
      '2026-03-01T05:00:00.000Z',
    );
    // 8 March itself started in winter time, although it is summer time by noon.
    expect(iso(startOfPeriod(at('2026-03-08T16:00:00Z'), 'day', 'America/New_York'))).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(iso(startOfPeriod(at('2026-03-09T16:00:00Z'), 'day', 'America/New_York'))).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    // Back to winter time on 1 November: November began in summer time (UTC-4).
    expect(iso(startOfPeriod(at('2026-11-20T12:00:00Z'), 'month', 'America/New_York'))).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });

  it('London and Sydney, either side of their changes', () => {
    expect(iso(startOfPeriod(at('2026-04-15T12:00:00Z'), 'month', 'Europe/London'))).toBe(
      '2026-03-31T23:00:00.000Z',
    );
    expect(iso(startOfPeriod(at('2026-03-31T12:00:00Z'), 'month', 'Europe/London'))).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(iso(startOfPeriod(at('2026-04-15T12:00:00Z'), 'day', 'Europe/London'))).toBe(
      '2026-04-14T23:00:00.000Z',
    );
    // Sydney left summer time on 5 April 2026: April began at UTC+11.
    expect(iso(startOfPeriod(at('2026-04-20T00:00:00Z'), 'month', 'Australia/Sydney'))).toBe(
      '2026-03-31T13:00:00.000Z',
    );
  });

  it('a day whose midnight does not exist starts when the clocks jump', () => {
    // Santiago springs forward at 24:00 on the first Saturday of September: 6 September 2026
    // begins at 01:00 local time, which is 04:00 UTC.
    const start = startOfLocalDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(localDateAt(start, 'America/Santiago')).toEqual({ year: 2026, month: 9, day: 6 });
    expect(localDateAt(new Date(start.getTime() - 1000), 'America/Santiago')).toEqual({
      year: 2026,
      month: 9,
      day: 5,
    });
  });

  it('moves calendar dates across month and year ends', () => {
    expect(addDays({ year: 2026, month: 1, day: 1 }, -1)).toEqual({
      year: 2025,
      month: 12,
      day: 31,
    });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
    });
  });
});
