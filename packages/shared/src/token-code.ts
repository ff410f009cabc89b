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
 * Normalises what a person typed: any case, spaces and dashes ignored, Arabic-Indic digits
 * accepted, and Crockford's look-alikes (I, L -> 1; O -> 0). Returns the 17 characters,
 * or undefined when they are not 17 characters of the alphabet.
 */
export function normalizeCode(input: string): string | undefined {
  let out = '';
  for (const char of input) {
    const code = char.codePointAt(0)!;
    if (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) {
      out += String(code - ARABIC_INDIC_ZERO);
    } else if (code >= EXTENDED_ARABIC_INDIC_ZERO && code <= EXTENDED_ARABIC_INDIC_ZERO + 9) {
      out += String(code - EXTENDED_ARABIC_INDIC_ZERO);
    } else if (char === ' ' || char === '-' || char === '\u00a0') {
    } else {
      out += char.toUpperCase().replace(/[IL]/, '1').replace('O', '0');
    }
    if (out.length > CODE_LENGTH) return undefined;
  }
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
