import { CODE_ALPHABET, CODE_LENGTH, hasValidCheckCharacter } from '@tanqin/shared';

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/u;

/**
 * What a person typed, as the code's own characters: Arabic-Indic digits to 0-9, any case to
 * upper case, spaces and dashes dropped, Crockford's look-alikes (I, L -> 1; O -> 0) mapped as
 * the server does. Stops at the code's length, so extra typing is ignored.
 */
export function codeCharacters(input: string): string {
  let out = '';
  for (const char of input) {
    if (out.length === CODE_LENGTH) break;
    const point = char.codePointAt(0)!;
    if (point >= ARABIC_INDIC_ZERO && point <= ARABIC_INDIC_ZERO + 9) {
      out += String(point - ARABIC_INDIC_ZERO);
    } else if (point >= EXTENDED_ARABIC_INDIC_ZERO && point <= EXTENDED_ARABIC_INDIC_ZERO + 9) {
      out += String(point - EXTENDED_ARABIC_INDIC_ZERO);
    } else if (!SEPARATORS.test(char)) {
      out += char.toUpperCase().replace(/[IL]/, '1').replace('O', '0');
    }
  }
  return out;
}

/** The characters grouped as shown on the code: XXXX-XXXX-XXXX-XXXX-C. */
export function formatCodeInput(input: string): string {
  return (codeCharacters(input).match(/.{1,4}/g) ?? []).join('-');
}

export type CodeInputProblem = 'empty' | 'incomplete' | 'invalidCharacters' | 'mistyped';

/**
 * Why a typed code cannot be sent, or undefined when it can. `partial` is true while the person
 * is still typing: an unfinished code is then not a problem yet, a wrong character already is.
 */
export function codeInputProblem(input: string, partial = false): CodeInputProblem | undefined {
  const characters = codeCharacters(input);
  if ([...characters].some((char) => !CODE_ALPHABET.includes(char))) return 'invalidCharacters';
  if (characters.length === 0) return partial ? undefined : 'empty';
  if (characters.length < CODE_LENGTH) return partial ? undefined : 'incomplete';
  return hasValidCheckCharacter(characters) ? undefined : 'mistyped';
}
