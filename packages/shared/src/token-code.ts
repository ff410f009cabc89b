/**
 * The one-time code: 16 Crockford base32 characters (80 random bits) plus one check
 * character, shown as XXXX-XXXX-XXXX-XXXX-C. The check character is Luhn mod 32, which
 * catches every single-character typo and most swaps of neighbours before any lookup.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_BODY_LENGTH = 16;
export const CODE_LENGTH = CODE_BODY_LENGTH + 1;

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

function luhnMod32(values: number[], startFactor: 1 | 2): number {
  let factor = startFactor;
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    const addend = factor * values[i]!;
    sum += Math.floor(addend / 32) + (addend % 32);
    factor = factor === 2 ? 1 : 2;
  }
  return sum % 32;
}

export function checkCharacter(body: string): string {
  const values = [...body].map((char) => CODE_ALPHABET.indexOf(char));
  return CODE_ALPHABET[(32 - luhnMod32(values, 2)) % 32]!;
}

/**
 * What a code's reader ignores: whitespace, dashes of any kind, every invisible format character
 * (Unicode Cf: the direction marks, isolates, embeddings and overrides an Arabic chat wraps
 * around pasted Latin text, zero-width joiners and spaces, the byte-order mark) and tatweel,
 * which stretches Arabic letters and carries no meaning.
 */
const IGNORED_IN_CODES = /[\s\p{Cf}\u0640\-\u2010-\u2015\u2212]/u;

/**
 * What a person typed or pasted, as the code's own characters: ignored characters dropped,
 * Arabic-Indic digits to 0-9, any case to upper case, Crockford's look-alikes (I, L -> 1; O -> 0).
 * Characters outside the alphabet are kept, so callers can tell a wrong character from a short code.
 * Stops after `limit` characters. The one normaliser of codes: the API, the web app and (mirrored,
 * as it stands alone) the SDK read a code this way.
 */
export function codeCharacters(input: string, limit = Number.POSITIVE_INFINITY): string {
  let out = '';
  for (const char of input) {
    if (out.length >= limit) break;
    const code = char.codePointAt(0)!;
    if (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) {
      out += String(code - ARABIC_INDIC_ZERO);
    } else if (code >= EXTENDED_ARABIC_INDIC_ZERO && code <= EXTENDED_ARABIC_INDIC_ZERO + 9) {
      out += String(code - EXTENDED_ARABIC_INDIC_ZERO);
    } else if (!IGNORED_IN_CODES.test(char)) {
      out += char.toUpperCase().replace(/[IL]/, '1').replace('O', '0');
    }
  }
  return out;
}

/** The 17 characters of a typed code, or undefined when they are not 17 characters of the alphabet. */
export function normalizeCode(input: string): string | undefined {
  const out = codeCharacters(input, CODE_LENGTH + 1);
  if (out.length !== CODE_LENGTH) return undefined;
  for (const char of out) if (!CODE_ALPHABET.includes(char)) return undefined;
  return out;
}

/** True when the normalised code's check character matches its body. */
export function hasValidCheckCharacter(normalized: string): boolean {
  const values = [...normalized].map((char) => CODE_ALPHABET.indexOf(char));
  return values.every((value) => value >= 0) && luhnMod32(values, 1) === 0;
}

/** Normalises and checks a typed code: the canonical 17 characters, or undefined. */
export function parseCode(input: string): string | undefined {
  const normalized = normalizeCode(input);
  return normalized && hasValidCheckCharacter(normalized) ? normalized : undefined;
}

export function formatCode(normalized: string): string {
  return normalized.match(/.{1,4}/g)!.join('-');
}
