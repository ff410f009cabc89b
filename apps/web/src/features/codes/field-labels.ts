import type { TFunction } from 'i18next';
import codesLocale from '../../locales/ar/codes.json';

/**
 * The catalogue of common identity fields (locales/<lang>/codes.json `fields`: names, ID and
 * residence numbers, dates, address, bank details): each with its Arabic and English label.
 */
const KNOWN_FIELDS: Record<string, string> = codesLocale.fields;

/** `fullName`, `Full-Name` and `full name` are the catalogue's `full_name`. */
export const catalogueKey = (name: string) =>
  name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();

/** The label of a common data field in the page's language (iban -> رقم الآيبان), else its raw name. */
export function fieldLabel(name: string, t: TFunction<'codes'>): string {
  const key = catalogueKey(name);
  return Object.hasOwn(KNOWN_FIELDS, key) ? t(`fields.${key}`) : name;
}

export const hasFieldLabel = (name: string) => Object.hasOwn(KNOWN_FIELDS, catalogueKey(name));
