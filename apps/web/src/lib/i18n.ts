import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import apiKeys from '../locales/ar/api-keys.json';
import apiReference from '../locales/ar/api-reference.json';
import codes from '../locales/ar/codes.json';
import common from '../locales/ar/common.json';
import documentation from '../locales/ar/documentation.json';
import landing from '../locales/ar/landing.json';
import orgAuth from '../locales/ar/org-auth.json';
import orgDashboard from '../locales/ar/org-dashboard.json';
import security from '../locales/ar/security.json';
import wallet from '../locales/ar/wallet.json';

/** Languages with their direction; Arabic is the default (STYLE.md, Excalidraw's table). */
export const LANGUAGES = { ar: { dir: 'rtl' }, en: { dir: 'ltr' } } as const;
export type AppLanguage = keyof typeof LANGUAGES;

export const resources = {
  ar: {
    common,
    landing,
    orgAuth,
    orgDashboard,
    documentation,
    apiKeys,
    security,
    wallet,
    apiReference,
    codes,
  },
} as const;

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
