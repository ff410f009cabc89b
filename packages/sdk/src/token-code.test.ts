import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET, checkCharacter, formatCode, parseCode } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { formatToken, isWellFormedToken } from './token-code.ts';

/** A fresh valid code, as the server makes them. */
function validCode(): string {
  const body = [...randomBytes(16)].map((byte) => CODE_ALPHABET[byte % 32]).join('');
  return formatCode(body + checkCharacter(body));
}

/** What people type: case, spacing, look-alikes, Arabic-Indic digits, and one-character typos. */
function variants(code: string): string[] {
  const compact = code.replaceAll('-', '');
  const typoAt = (index: number, char: string) =>
    compact.slice(0, index) + char + compact.slice(index + 1);
  return [
    code,
    code.toLowerCase(),
    compact,
    ` ${code.replaceAll('-', ' ')} `,
    code.replace(/1/g, 'l').replace(/0/g, 'o'),
    `\u200f\u2067${code.replaceAll('-', '\u200e-\u0640')}\u2069\ufeff`,
    code.replaceAll('-', '\u200b\u2013\u202b'),
    code.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit))),
    code.replace(/[0-9]/g, (digit) => String.fromCharCode(0x06f0 + Number(digit))),
    ...[0, 7, 16].map((index) =>
      typoAt(index, CODE_ALPHABET[(CODE_ALPHABET.indexOf(compact[index]!) + 1) % 32]!),
    ),
    compact.slice(0, -1),
    `${compact}0`,
    `${code}-U`,
    code.replace(/.$/, '*'),
  ];
}

describe('isWellFormedToken and formatToken', () => {
  it('agrees with the server on every valid code and every kind of typo', () => {
    for (let i = 0; i < 300; i++) {
      for (const typed of variants(validCode())) {
        const parsed = parseCode(typed);
        expect(isWellFormedToken(typed), typed).toBe(parsed !== undefined);
        expect(formatToken(typed), typed).toBe(parsed && formatCode(parsed));
      }
    }
  });

  it('accepts the formatted code and refuses junk', () => {
    expect(isWellFormedToken('0000-0000-0000-0000-0')).toBe(true);
    expect(isWellFormedToken('7KQ4-M2XD-9HTV-CW3R-E')).toBe(true);
    expect(isWellFormedToken('7KQ4-M2XD-9HTV-CW3R-F')).toBe(false);
    expect(isWellFormedToken('\u200f\u20667KQ4-M2XD\u0640-9HTV-CW3R-E\u2069\u200e')).toBe(true);
    expect(isWellFormedToken('')).toBe(false);
    expect(isWellFormedToken('not a code')).toBe(false);
  });
});
