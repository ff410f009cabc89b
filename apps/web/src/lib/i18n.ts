import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Languages with their direction; Arabic is the default (STYLE.md, Excalidraw's table). */
export const LANGUAGES = { ar: { dir: 'rtl' }, en: { dir: 'ltr' } } as const;
export type AppLanguage = keyof typeof LANGUAGES;
export const DEFAULT_LANGUAGE: AppLanguage = 'ar';

/** The visitor's choice, kept across visits. */
export const LANGUAGE_STORAGE_KEY = 'lang';

type Namespaces = Record<string, Record<string, unknown>>;
type LocaleModule = { default: Record<string, unknown> };

/** `locales/ar/org-auth.json` becomes the namespace `orgAuth`: adding a file registers it. */
export const namespaceOf = (path: string) =>
  path
    .replace(/^.*\/([^/]+)\.json$/, '$1')
    .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function namespacesOf(files: Record<string, LocaleModule>): Namespaces {
  return Object.fromEntries(
    Object.entries(files).map(([path, module]) => [namespaceOf(path), module.default]),
  );
}

// Arabic is bundled with the app; English is fetched only when someone chooses it, so the
// Arabic first load does not carry it (vite emits the English files as their own chunks).
export const resources = {
  ar: namespacesOf(import.meta.glob<LocaleModule>('../locales/ar/*.json', { eager: true })),
};
const englishFiles = import.meta.glob<LocaleModule>('../locales/en/*.json');

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

const strict = import.meta.env.DEV || import.meta.env.MODE === 'test';

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  // In development and tests a key missing in English throws like one missing in Arabic, instead
  // of quietly showing the Arabic; in production an unfinished English text falls back to it.
  fallbackLng: strict ? false : DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources.ar),
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: strict,
  missingKeyHandler: (_languages, namespace, key) => {
    throw new Error(`Missing translation key ${namespace}:${key}`);
  },
});

/** `<html lang dir>` follow the language: screen readers, fonts and logical CSS depend on it. */
function applyToDocument(language: string) {
  if (typeof document === 'undefined') return;
  const lang = isAppLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  document.documentElement.dir = LANGUAGES[lang].dir;
}
i18n.on('languageChanged', applyToDocument);

const loading = new Map<AppLanguage, Promise<void>>();

/** Fetches a language's namespaces once (Arabic is always there). */
export function loadLanguage(language: AppLanguage): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all(
      Object.entries(englishFiles).map(async ([path, load]) => {
        i18n.addResourceBundle(language, namespaceOf(path), (await load()).default, true, true);
      }),
    ).then(() => undefined);
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

function storedLanguage(): AppLanguage {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Switches the whole app (texts, `<html lang dir>`, Radix direction, number and date formats)
 * and remembers the choice for the next visit. The profile's language preference calls this too.
 */
export async function setLanguage(language: AppLanguage): Promise<void> {
  await loadLanguage(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage: the switch still applies to this visit.
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  else applyToDocument(language);
}

/** The current language, as one of ours. */
export const currentLanguage = (): AppLanguage =>
  isAppLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

/**
 * Resolves when the language chosen on an earlier visit is ready; the app waits for it before
 * its first render, so an English reader never sees Arabic flash by. Arabic is ready at once.
 */
const initialLanguage = import.meta.env.MODE === 'test' ? DEFAULT_LANGUAGE : storedLanguage();
let ready = initialLanguage === DEFAULT_LANGUAGE;
export const languageReady: Promise<void> = ready
  ? Promise.resolve()
  : setLanguage(initialLanguage)
      .catch(() => undefined)
      .finally(() => {
        ready = true;
      });
export const isLanguageReady = () => ready;

applyToDocument(ready ? DEFAULT_LANGUAGE : initialLanguage);

export default i18n;
