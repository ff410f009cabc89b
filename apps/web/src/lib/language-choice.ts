/** Languages with their direction; Arabic is the default (STYLE.md, Excalidraw's table). */
export const LANGUAGES = { ar: { dir: 'rtl' }, en: { dir: 'ltr' } } as const;
export type AppLanguage = keyof typeof LANGUAGES;
export const DEFAULT_LANGUAGE: AppLanguage = 'ar';

/** The visitor's choice, kept across visits. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** The language chosen on an earlier visit (no i18next here: the landing page reads it at load). */
export function storedLanguage(): AppLanguage {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
