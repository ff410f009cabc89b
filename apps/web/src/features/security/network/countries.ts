// Every officially assigned ISO 3166-1 alpha-2 code (249). A fixed list rather than probing
// Intl, which also names groupings such as EU, UN or QO that are not countries.
const ISO_3166_CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA
RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ
VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`
  .trim()
  .split(/\s+/);

export const HOME_COUNTRY = 'SA';

export interface Country {
  code: string;
  /** Arabic name, from Intl.DisplayNames (ARCHITECTURE.md section 8). */
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

let countries: Country[] | undefined;

/** Every country with its Arabic name: Saudi Arabia first, the rest in Arabic alphabetical order. */
export function listCountries(): Country[] {
  if (countries) return countries;
  const arabic = new Intl.DisplayNames(['ar'], { type: 'region' });
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const collator = new Intl.Collator('ar');
  countries = ISO_3166_CODES.map((code) => ({
    code,
    name: arabic.of(code) ?? code,
    englishName: english.of(code) ?? code,
  })).sort((a, b) =>
    a.code === HOME_COUNTRY ? -1 : b.code === HOME_COUNTRY ? 1 : collator.compare(a.name, b.name),
  );
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
