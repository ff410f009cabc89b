import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Languages with their direction; Arabic is the default (STYLE.md, Excalidraw's table). */
export const LANGUAGES = { ar: { dir: 'rtl' }, en: { dir: 'ltr' } } as const;
export type AppLanguage = keyof typeof LANGUAGES;

type Namespaces = Record<string, Record<string, unknown>>;

/** `locales/ar/org-auth.json` becomes the namespace `orgAuth`: adding a file registers it. */
function namespacesOf(files: Record<string, { default: Record<string, unknown> }>): Namespaces {
  return Object.fromEntries(
    Object.entries(files).map(([path, module]) => [
      path
        .replace(/^.*\/([^/]+)\.json$/, '$1')
        .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      module.default,
    ]),
  );
}

export const resources = {
  ar: namespacesOf(import.meta.glob('../locales/ar/*.json', { eager: true })),
};

void i18n.use(initReactI18next).init({
  resources,
  lng: 'ar',
  fallbackLng: 'ar',
  defaultNS: 'common',
  ns: Object.keys(resources.ar),
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: import.meta.env.DEV || import.meta.env.MODE === 'test',
  missingKeyHandler: (_languages, namespace, key) => {
    throw new Error(`Missing translation key ${namespace}:${key}`);
  },
});

export default i18n;
