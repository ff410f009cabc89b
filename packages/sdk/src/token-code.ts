/**
 * The code's check character, checked before any request: a mistyped code costs no round trip.
 * This mirrors the server's normalisation exactly (any case; whitespace, dashes, invisible
 * format characters such as direction marks and tatweel ignored; Arabic-Indic digits; Crockford
 * look-alikes I/L -> 1 and O -> 0; Luhn mod 32), so the SDK never
 * refuses a code the server would accept; `token-code.test.ts` checks it against the server's
 * own implementation.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 17;
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;
/** Whitespace, dashes, Unicode Cf (direction marks, isolates, zero-width characters, BOM), tatweel. */
const IGNORED = /[\s\p{Cf}\u0640\-\u2010-\u2015\u2212]/u;

function normalize(input: string): string | undefined {
  let out = '';
  for (const char of input) {
    const point = char.codePointAt(0)!;
    if (point >= ARABIC_INDIC_ZERO && point <= ARABIC_INDIC_ZERO + 9) {
      out += String(point - ARABIC_INDIC_ZERO);
    } else if (point >= EXTENDED_ARABIC_INDIC_ZERO && point <= EXTENDED_ARABIC_INDIC_ZERO + 9) {
      out += String(point - EXTENDED_ARABIC_INDIC_ZERO);
    } else if (!IGNORED.test(char)) {
      out += char.toUpperCase().replace(/[IL]/, '1').replace('O', '0');
    }
    if (out.length > CODE_LENGTH) return undefined;
  }
  return out.length === CODE_LENGTH ? out : undefined;
}

/** The code's 17 characters when `input` is a well-formed code, else undefined. */
function wellFormedCharacters(input: string): string | undefined {
  const normalized = normalize(input);
  if (!normalized) return undefined;
  let sum = 0;
  let factor = 1;
  for (let i = normalized.length - 1; i >= 0; i--) {
    const value = ALPHABET.indexOf(normalized[i]!);
    if (value < 0) return undefined;
    const addend = factor * value;
    sum += Math.floor(addend / 32) + (addend % 32);
    factor = factor === 2 ? 1 : 2;
  }
  return sum % 32 === 0 ? normalized : undefined;
}

/**
 * True when `input` is a well-formed one-time code: 17 characters of the alphabet (after
 * normalisation) whose last one is the check character of the others. Use it to validate a
 * form field as the person types; `tokens.verify` runs it for you.
 */
export function isWellFormedToken(input: string): boolean {
  return wellFormedCharacters(input) !== undefined;
}

/** A well-formed code as it is shown, `XXXX-XXXX-XXXX-XXXX-C`; undefined for anything else. */
export function formatToken(input: string): string | undefined {
  const characters = wellFormedCharacters(input);
  return characters && characters.match(/.{1,4}/g)!.join('-');
}
