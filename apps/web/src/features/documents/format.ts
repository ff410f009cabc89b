import i18n from '../../lib/i18n.ts';

// As on the other screens: Arabic (Saudi) long dates with Latin digits and the Gregorian
// calendar (features/codes/format.ts); British English when the reader chose English.
const LOCALES: Record<string, string> = { ar: 'ar-SA', en: 'en-GB' };
const formats = new Map<string, { date: Intl.DateTimeFormat; number: Intl.NumberFormat }>();

function formatsFor(language: string) {
  const locale = LOCALES[language] ?? 'ar-SA';
  let made = formats.get(locale);
  if (!made) {
    made = {
      date: new Intl.DateTimeFormat(locale, {
        dateStyle: 'long',
        calendar: 'gregory',
        numberingSystem: 'latn',
      }),
      number: new Intl.NumberFormat(locale, {
        numberingSystem: 'latn',
        maximumFractionDigits: 1,
      }),
    };
    formats.set(locale, made);
  }
  return made;
}

/** "22 نوفمبر 2026" */
export const formatLongDate = (isoTimestamp: string) =>
  formatsFor(i18n.language).date.format(new Date(isoTimestamp));

/** Latin digits, at most one decimal: 1.3, 245, 1,024. */
export const formatNumber = (value: number) => formatsFor(i18n.language).number.format(value);

/** A size in bytes as its unit key and number: 1_300_000 -> ['mb', '1.2']. */
export function sizeParts(bytes: number): ['bytes' | 'kb' | 'mb', string] {
  if (bytes < 1024) return ['bytes', formatNumber(bytes)];
  if (bytes < 1024 * 1024) return ['kb', formatNumber(bytes / 1024)];
  return ['mb', formatNumber(bytes / (1024 * 1024))];
}

const FILE_TYPE_NAMES: Record<string, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG' };

/** "PDF", "JPEG", "PNG"; anything else as the API wrote it, upper-cased. */
export const fileTypeName = (fileType: string) =>
  FILE_TYPE_NAMES[fileType] ?? fileType.toUpperCase();
