import { COUNTRY_CODES } from '@tanqin/shared';

export const HOME_COUNTRY = 'SA';

export interface Country {
  code: string;
  /** The name in the page's language (Arabic by default), from Intl.DisplayNames (ARCHITECTURE.md section 8). */
  name: string;
  /** English name, so a search in Latin letters finds the country too. */
  englishName: string;
}

/** Arabic letters that are written several ways, folded for searching; diacritics and tatweel dropped. */
export function normalizeForSearch(text: string) {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const cache = new Map<string, Country[]>();

/**
 * Every country of the shared list (packages/shared) named in the page's language (Arabic by
 * default): Saudi Arabia first, the rest in that language's alphabetical order.
 */
export function listCountries(language = 'ar'): Country[] {
  const lang = language.startsWith('en') ? 'en' : 'ar';
  const known = cache.get(lang);
  if (known) return known;
  const local = new Intl.DisplayNames([lang], { type: 'region' });
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const collator = new Intl.Collator(lang);
  const countries = COUNTRY_CODES.map((code) => ({
    code,
    name: local.of(code) ?? code,
    englishName: english.of(code) ?? code,
  })).sort((a, b) =>
    a.code === HOME_COUNTRY ? -1 : b.code === HOME_COUNTRY ? 1 : collator.compare(a.name, b.name),
  );
  cache.set(lang, countries);
  return countries;
}

/**
 * Countries whose code is the query or whose Arabic or English name contains it: the code
 * first, then names that start with it, then names with a word that starts with it, then the rest.
 */
export function searchCountries(list: Country[], query: string): Country[] {
  const needle = normalizeForSearch(query);
  if (!needle) return list;
  const rank = (country: Country) => {
    if (country.code.toLowerCase() === needle) return 0;
    const names = [normalizeForSearch(country.name), normalizeForSearch(country.englishName)];
    if (names.some((name) => name.startsWith(needle))) return 1;
    if (names.some((name) => name.split(' ').some((word) => word.startsWith(needle)))) return 2;
    if (names.some((name) => name.includes(needle))) return 3;
    return undefined;
  };
  return list
    .map((country, index) => ({ country, index, rank: rank(country) }))
    .filter(
      (entry): entry is { country: Country; index: number; rank: number } =>
        entry.rank !== undefined,
    )
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.country);
}
