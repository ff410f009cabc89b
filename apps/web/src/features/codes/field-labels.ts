import type { TFunction } from 'i18next';
import codesLocale from '../../locales/ar/codes.json';

const KNOWN_FIELDS: Record<string, string> = codesLocale.fields;

/** The Arabic label of a common data field (full_name -> الاسم الكامل), else its raw name. */
export function fieldLabel(name: string, t: TFunction<'codes'>): string {
  return Object.hasOwn(KNOWN_FIELDS, name) ? t(`fields.${name}`) : name;
}

export const hasFieldLabel = (name: string) => Object.hasOwn(KNOWN_FIELDS, name);
