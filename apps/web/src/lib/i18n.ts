import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  type AppLanguage,
  DEFAULT_LANGUAGE,
  isAppLanguage,
  LANGUAGES,
  rememberLanguage,
  storedLanguage,
} from './language-choice.ts';

export {
  type AppLanguage,
  DEFAULT_LANGUAGE,
  isAppLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
} from './language-choice.ts';

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

type Loaders = Record<string, () => Promise<LocaleModule>>;
const loadersByNamespace = (files: Loaders) =>
  new Map(Object.entries(files).map(([path, load]) => [namespaceOf(path), load]));

// The first load carries only the Arabic that every visitor needs (the shared texts and the
// landing page). Every other namespace, in either language, is its own small chunk fetched when
// a screen asks for it (react-i18next suspends until it is there) or when the browser is idle.
const coreArabic = import.meta.glob<LocaleModule>('../locales/ar/{common,landing}.json', {
  eager: true,
});
const lazyFiles: Record<AppLanguage, Map<string, () => Promise<LocaleModule>>> = {
  ar: loadersByNamespace(import.meta.glob<LocaleModule>('../locales/ar/*.json')),
  en: loadersByNamespace(import.meta.glob<LocaleModule>('../locales/en/*.json')),
};

export const resources = { ar: namespacesOf(coreArabic) };

/** i18next reads a namespace it does not hold yet from its lazy chunk. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = isAppLanguage(language) ? lazyFiles[language].get(namespace) : undefined;
    // An unknown namespace is empty: its keys then count as missing (and throw in tests).
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

const strict = import.meta.env.DEV || import.meta.env.MODE === 'test';

void i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    lng: DEFAULT_LANGUAGE,
    // In development and tests a key missing in English throws like one missing in Arabic,
    // instead of quietly showing the Arabic; in production unfinished English falls back to it.
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

/** `<html lang dir>` of a language: screen readers, fonts and logical CSS depend on them. */
export function applyToDocument(language: string) {
  if (typeof document === 'undefined') return;
  const lang = isAppLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  document.documentElement.dir = LANGUAGES[lang].dir;
}

// They follow the language, unless the page's HTML is in one language until it is replaced.
let documentFollowsLanguage = true;
const followLanguage = (language: string) => {
  if (documentFollowsLanguage) applyToDocument(language);
};
i18n.on('languageChanged', followLanguage);

/**
 * For a page whose HTML is one language's until the other's replaces it (the pre-rendered landing
 * page: features/landing/islands/runtime.tsx): `<html lang dir>` stay those of the HTML shown,
 * `shown` now, and the page sets them as it swaps, so Arabic text is never laid out left to right.
 */
export function documentLanguageFollowsPage(shown: AppLanguage) {
  documentFollowsLanguage = false;
  applyToDocument(shown);
}

const loading = new Map<AppLanguage, Promise<void>>();

/** Fetches, ahead of a switch, the new language's texts for the namespaces in use. */
export const prefetchLanguage = (language: AppLanguage) => i18n.loadLanguages(language);

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Fetches every namespace of a language once (before switching, or ahead of need when idle), one
 * namespace a task: on a phone, adding them all at once held the main thread for 40-150 ms.
 */
export function loadLanguage(language: AppLanguage): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = (async () => {
      for (const [namespace, load] of lazyFiles[language]) {
        if (i18n.hasResourceBundle(language, namespace)) continue;
        i18n.addResourceBundle(language, namespace, (await load()).default, true, true);
        await nextTask();
      }
    })();
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Switches the whole app (texts, `<html lang dir>`, Radix direction, number and date formats)
 * and remembers the choice for the next visit. The profile's language preference calls this too.
 */
export async function setLanguage(language: AppLanguage): Promise<void> {
  rememberLanguage(language);
  // changeLanguage fetches the namespaces in use in the new language before it switches.
  if (i18n.language !== language) await i18n.changeLanguage(language);
  else followLanguage(language);
}

/** The landing page's `<title>` in the current language. */
export const landingTitle = () => `${i18n.t('common:appName')} | ${i18n.t('common:appTitle')}`;

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
