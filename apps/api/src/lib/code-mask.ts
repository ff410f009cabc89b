import { CODE_BODY_LENGTH, CODE_LENGTH } from '@tanqin/shared';

/*
 * A one-time code (docs/decisions/002) is 17 characters of Crockford base32, typed in any case,
 * with look-alikes, Arabic-Indic digits, and dashes or spaces between groups. A person who types
 * one into a URL (the status path instead of the token id) must not find it in the request log,
 * the security events or the server log, which other people read. So anything shaped like a code
 * is masked before it is stored: a run of 16 to 24 letters or digits (a code missing its check
 * character, or with a short prefix, counts too), plain or percent-encoded, joined by single
 * separators. Longer runs (a UUID's 32) and runs touching `_` (`tok_…` ids) are kept.
 */
const CHARACTER = '(?:[0-9A-Za-z\\u0660-\\u0669\\u06f0-\\u06f9]|%D9%A[0-9]|%DB%B[0-9])';
const SEPARATOR = '(?:[-+ \\u00a0]|%20|%2D|%C2%A0)';
const NEIGHBOUR = `(?:${CHARACTER}|_)`;
const MIN_LENGTH = CODE_BODY_LENGTH;
const MAX_LENGTH = CODE_LENGTH + 7;
const CODE_SHAPED = new RegExp(
  `(?<!${NEIGHBOUR}${SEPARATOR}?)${CHARACTER}(?:${SEPARATOR}?${CHARACTER}){${MIN_LENGTH - 1},${MAX_LENGTH - 1}}(?!${SEPARATOR}?${NEIGHBOUR})`,
  'gi',
);

export const MASKED_CODE = '[masked]';

/** `text` (a path, with or without its query) with everything shaped like a code masked. */
export function maskCodes(text: string): string {
  return text.replace(CODE_SHAPED, MASKED_CODE);
}
