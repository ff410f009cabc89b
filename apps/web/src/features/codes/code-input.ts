import {
  CODE_ALPHABET,
  CODE_LENGTH,
  hasValidCheckCharacter,
  codeCharacters as sharedCodeCharacters,
} from '@tanqin/shared';

/**
 * What a person typed or pasted, as the code's own characters, read as the server reads them
 * (the shared normaliser: invisible marks, tatweel, spaces and dashes dropped, Arabic-Indic
 * digits, look-alikes). Stops at the code's length, so extra typing is ignored.
 */
export function codeCharacters(input: string): string {
  return sharedCodeCharacters(input, CODE_LENGTH);
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
