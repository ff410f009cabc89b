import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate } from './format.ts';
import {
  fromZonedInput,
  setDisplayTimeZone,
  startOfZonedDay,
  timeZoneName,
  toZonedInput,
} from './time-zone.ts';

describe("the console's time zone", () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("shows instants, reads day bounds and date fields on the organisation's clock", () => {
    setDisplayTimeZone('Asia/Riyadh');
    // 22:30 UTC on 1 December is 01:30 on 2 December in Riyadh: one date on every screen.
    expect(formatLongDate('2026-12-01T22:30:00.000Z')).toBe('2 ديسمبر 2026');
    expect(startOfZonedDay('2026-12-02').toISOString()).toBe('2026-12-01T21:00:00.000Z');
    expect(startOfZonedDay('2026-12-31', 1).toISOString()).toBe('2026-12-31T21:00:00.000Z');
    expect(toZonedInput('2026-12-01T22:30:00.000Z')).toBe('2026-12-02T01:30');
    expect(fromZonedInput('2026-12-02T01:30')).toBe('2026-12-01T22:30:00.000Z');
    expect(fromZonedInput('')).toBeUndefined();
    // Across a change of offset (New York's summer time began on 8 March 2026).
    setDisplayTimeZone('America/New_York');
    expect(startOfZonedDay('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(fromZonedInput('2026-03-07T12:00')).toBe('2026-03-07T17:00:00.000Z');
  });

  it('names Riyadh as people say it, and other zones as Intl does', () => {
    expect(timeZoneName('Asia/Riyadh', 'ar')).toBe('توقيت الرياض');
    expect(timeZoneName('Asia/Riyadh', 'en')).toBe('Riyadh time');
    expect(timeZoneName('Not/AZone', 'en')).toBe('Not/AZone');
  });
});
