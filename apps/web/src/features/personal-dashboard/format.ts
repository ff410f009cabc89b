import i18n from '../../lib/i18n.ts';
import { PERSON_TIME_ZONE } from '../../lib/time-zone.ts';

// Long dates with the time, in the reader's language: Arabic (Saudi) with Latin digits and the
// Gregorian calendar as on the other screens (features/codes/format.ts); codes live for minutes.
const LOCALES: Record<string, string> = { ar: 'ar-SA', en: 'en-GB' };
const formats = new Map<string, { dateTime: Intl.DateTimeFormat; count: Intl.NumberFormat }>();

function formatsFor(language: string) {
  const locale = LOCALES[language] ?? 'ar-SA';
  let made = formats.get(locale);
  if (!made) {
    const options = { calendar: 'gregory', numberingSystem: 'latn' } as const;
    // Riyadh time, as the person's messages and the footer say (lib/time-zone.ts).
    made = {
      dateTime: new Intl.DateTimeFormat(locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: PERSON_TIME_ZONE,
        ...options,
      }),
      count: new Intl.NumberFormat(locale, { numberingSystem: 'latn' }),
    };
    formats.set(locale, made);
  }
  return made;
}

/** "22 نوفمبر 2026 في 10:00 ص" */
export const formatDateTime = (isoTimestamp: string) =>
  formatsFor(i18n.language).dateTime.format(new Date(isoTimestamp));

export const formatCount = (value: number) => formatsFor(i18n.language).count.format(value);
