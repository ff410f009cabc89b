/**
 * Text normalisation for searching Arabic and English the way people type them: without
 * diacritics or tatweel, with the alef, ya, ta marbuta and hamza-seat forms unified, Arabic-Indic
 * digits as Latin, lower case, punctuation as spaces.
 */
const DIACRITICS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const LETTER_FORMS: Array<[RegExp, string]> = [
  [/[أإآٱ]/g, 'ا'],
  [/ى/g, 'ي'],
  [/ة/g, 'ه'],
  [/ؤ/g, 'و'],
  [/ئ/g, 'ي'],
];

export function normalizeText(text: string): string {
  let result = text.normalize('NFKC').toLowerCase().replace(DIACRITICS, '').replace(TATWEEL, '');
  for (const [pattern, replacement] of LETTER_FORMS) result = result.replace(pattern, replacement);
  return result
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const ARABIC_SUFFIXES = ['ات', 'ون', 'ين'];

/** A light stem: Arabic article and common plural endings, English plural `s`. */
export function stem(word: string): string {
  if (/^[\u0600-\u06FF]+$/.test(word)) {
    let result = word;
    const prefix = ARABIC_PREFIXES.find(
      (p) => result.startsWith(p) && result.length - p.length >= 3,
    );
    if (prefix) result = result.slice(prefix.length);
    const suffix = ARABIC_SUFFIXES.find((s) => result.endsWith(s) && result.length - s.length >= 3);
    if (suffix) result = result.slice(0, -suffix.length);
    return result;
  }
  if (/^[a-z]+$/.test(word) && word.length > 3) {
    if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
    if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  }
  return word;
}

/** Normalised, stemmed words of a text. */
export function words(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized ? normalized.split(' ').map(stem) : [];
}

/** Whether every word of `query` starts a word of `text` (filter-as-you-type). */
export function matchesAllWords(text: string, query: string): boolean {
  const queryWords = words(query);
  if (queryWords.length === 0) return true;
  const textWords = words(text);
  const raw = normalizeText(text);
  return queryWords.every(
    (queryWord) => textWords.some((word) => word.startsWith(queryWord)) || raw.includes(queryWord),
  );
}
