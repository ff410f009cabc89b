import { messageText } from '@tanqin/shared';
import { type AppLanguage, currentLanguage } from './i18n.ts';

/**
 * The Intl locale of each language. Arabic keeps the app's choices (Saudi Arabic, Latin digits,
 * Gregorian calendar: see features/org-dashboard/format.ts); English is British English, whose
 * "22 November 2026" reads unambiguously beside the Arabic "22 نوفمبر 2026".
 */
export const INTL_LOCALES: Record<AppLanguage, string> = { ar: 'ar-SA', en: 'en-GB' };

export const intlLocale = () => INTL_LOCALES[currentLanguage()];

/**
 * A formatter for the current language, made once per language: `make` gets the Intl locale.
 * Components re-render when the language changes (useTranslation), and then format with the
 * new language's formatter.
 */
export function localeFormat<T>(make: (locale: string) => T): () => T {
  const made = new Map<AppLanguage, T>();
  return () => {
    const language = currentLanguage();
    let format = made.get(language);
    if (!format) {
      format = make(INTL_LOCALES[language]);
      made.set(language, format);
    }
    return format;
  };
}

/** A validation message key of packages/shared in the current language. */
export const localMessage = (key: string) => messageText(key, currentLanguage());
