import { wallClockAsUtc } from '@tanqin/shared';
import { useEffect } from 'react';
import type { AppLanguage } from './i18n.ts';

/**
 * The zone the console shows every date and time in: the organisation's (its settings' time
 * zone, Asia/Riyadh by default), so a call, a code or a statement sits on one date on every
 * screen and in the API's daily figures. Undefined outside the console: the device's zone.
 * Set by the organisation dashboard from the signed-in organisation (useDisplayTimeZone).
 */
let displayZone: string | undefined;

export const displayTimeZone = () => displayZone;

/**
 * The zone a person's screens show times in: Riyadh's, the zone their SMS and mails name (the
 * product's people are in Saudi Arabia), named in the personal layout's footer.
 */
export const PERSON_TIME_ZONE = 'Asia/Riyadh';

export function setDisplayTimeZone(timeZone: string | undefined) {
  displayZone = timeZone;
}

/**
 * Shows the console's dates and times in `timeZone` while the calling screen is mounted: set
 * during render, so the first render of its children already uses it.
 */
export function useDisplayTimeZone(timeZone: string | undefined) {
  setDisplayTimeZone(timeZone);
  useEffect(() => {
    setDisplayTimeZone(timeZone);
    return () => setDisplayTimeZone(undefined);
  }, [timeZone]);
}

/** The zones people know by their city, named as people say them. */
const CITY_NAMES: Record<string, Record<AppLanguage, string>> = {
  'Asia/Riyadh': { ar: 'توقيت الرياض', en: 'Riyadh time' },
};

/**
 * "توقيت الرياض" / "Riyadh time" for Asia/Riyadh; any other zone by the name Intl gives it in the
 * page's language ("توقيت الخليج", "Gulf Standard Time"), else its id.
 */
export function timeZoneName(timeZone: string, language: AppLanguage): string {
  const known = CITY_NAMES[timeZone]?.[language];
  if (known) return known;
  try {
    const name = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-GB', {
      timeZone,
      timeZoneName: 'longGeneric',
    })
      .formatToParts(Date.now())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The display zone's name in `language`, or undefined outside the console (the device's zone). */
export function displayTimeZoneName(language: AppLanguage): string | undefined {
  return displayZone ? timeZoneName(displayZone, language) : undefined;
}

/**
 * The instant at which the display zone's clock reads `wall` (given as UTC ms): the offset is
 * read at a first guess and once more, which settles it across a change of offset.
 */
function instantOfWallClock(wall: number, timeZone: string | undefined) {
  let instant = wall - (wallClockAsUtc(wall, timeZone) - wall);
  instant = wall - (wallClockAsUtc(instant, timeZone) - instant);
  return instant;
}

/** An instant as a date-and-time field shows it (yyyy-mm-ddThh:mm), on the display zone's clock. */
export function toZonedInput(iso: string | Date | undefined) {
  if (!iso) return '';
  const wall = new Date(wallClockAsUtc(new Date(iso).getTime(), displayZone));
  return wall.toISOString().slice(0, 16);
}

/** A date-and-time field's value (the display zone's clock) as an instant; empty or bad: undefined. */
export function fromZonedInput(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  return Number.isNaN(wall)
    ? undefined
    : new Date(instantOfWallClock(wall, displayZone)).toISOString();
}

/** The instant a calendar day (yyyy-mm-dd) of the display zone starts, `plusDays` later. */
export function startOfZonedDay(day: string, plusDays = 0) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(instantOfWallClock(Date.UTC(y, m - 1, d + plusDays), displayZone));
}
