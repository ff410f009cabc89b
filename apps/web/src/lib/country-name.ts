import { localeFormat } from './language.ts';

const regionNames = localeFormat((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** A country's name in the page's language from its ISO 3166 code ("SA" -> "Saudi Arabia"). */
export function countryName(code: string) {
  try {
    return regionNames().of(code) ?? code;
  } catch {
    return code;
  }
}
