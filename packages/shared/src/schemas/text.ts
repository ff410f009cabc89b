import { z } from 'zod';

/**
 * NUL and UTF-16 surrogate halves without their pair: nobody types them, PostgreSQL refuses NUL
 * in text, and a lone surrogate cannot be encoded as UTF-8 without being silently replaced.
 */
const FORBIDDEN_CHARACTERS = /[\0\p{Cs}]/u;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value);
}

/**
 * The string type of every request field: `z.string` that refuses NUL and lone surrogates with
 * the `textInvalid` message (and no further messages for that field). Chain as on `z.string`.
 */
export function text(error?: string) {
  return z
    .string(error)
    .refine((value) => !hasForbiddenCharacters(value), { message: 'textInvalid', abort: true });
}

/** Whether any key or string inside parsed JSON has a forbidden character (walked without recursion). */
export function jsonHasForbiddenCharacters(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (hasForbiddenCharacters(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (hasForbiddenCharacters(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
