/** Languages with their direction; Arabic is the default (STYLE.md, Excalidraw's table). */
export const LANGUAGES = { ar: { dir: 'rtl' }, en: { dir: 'ltr' } } as const;
export type AppLanguage = keyof typeof LANGUAGES;
export const DEFAULT_LANGUAGE: AppLanguage = 'ar';

/** The visitor's choice, kept across visits, in localStorage and in a cookie of this name. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** The choice as the server sees it (apps/api/src/plugins/web-app.ts serves `/` in it). */
const cookieLanguage = () =>
  globalThis.document?.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.slice(LANGUAGE_STORAGE_KEY.length + 1);

/** The language chosen on an earlier visit (no i18next here: the landing page reads it at load). */
export function storedLanguage(): AppLanguage {
  let stored: unknown;
  try {
    stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Private modes may refuse storage: the cookie may still hold the choice.
  }
  stored ??= cookieLanguage();
  return isAppLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Keeps the choice for the next visit: in localStorage for the app, and in a cookie so the
 * server sends the landing page's HTML in that language from the first byte. Not httpOnly: the
 * page sets it; not a secret.
 */
export function rememberLanguage(language: AppLanguage) {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage: the switch still applies to this visit.
  }
  if (globalThis.document) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }
}

/** The language of the landing page's pre-rendered HTML in `root` (apps/web/scripts/prerender.mjs). */
export const pageLanguage = (root: HTMLElement | null): AppLanguage => {
  const language = root?.dataset.language;
  return isAppLanguage(language) ? language : DEFAULT_LANGUAGE;
};
