import { messageText } from '@tanqin/shared';
import { type AppLanguage, currentLanguage } from './i18n.ts';
import { displayTimeZone } from './time-zone.ts';

/**
 * The Intl locale of each language. Arabic keeps the app's choices (Saudi Arabic, Latin digits,
 * Gregorian calendar: see features/org-dashboard/format.ts); English is British English, whose
 * "22 November 2026" reads unambiguously beside the Arabic "22 نوفمبر 2026".
 */
export const INTL_LOCALES: Record<AppLanguage, string> = { ar: 'ar-SA', en: 'en-GB' };

export const intlLocale = () => INTL_LOCALES[currentLanguage()];

/**
 * A formatter for the current language and display zone, made once for each: `make` gets the
 * Intl locale and the zone instants are shown in (lib/time-zone.ts: the organisation's in the
 * console, undefined elsewhere for the device's). Components re-render when the language changes
 * (useTranslation), and then format with the new language's formatter.
 */
export function localeFormat<T>(
  make: (locale: string, timeZone: string | undefined) => T,
): () => T {
  const made = new Map<string, T>();
  return () => {
    const language: AppLanguage = currentLanguage();
    const timeZone = displayTimeZone();
    const key = `${language} ${timeZone ?? ''}`;
    let format = made.get(key);
    if (!format) {
      format = make(INTL_LOCALES[language], timeZone);
      made.set(key, format);
    }
    return format;
  };
}

/** A validation message key of packages/shared in the current language. */
export const localMessage = (key: string) => messageText(key, currentLanguage());
