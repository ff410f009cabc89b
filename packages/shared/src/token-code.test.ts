import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  checkCharacter,
  codeCharacters,
  formatCode,
  hasValidCheckCharacter,
  normalizeCode,
  parseCode,
} from './token-code.ts';

const body = '7KQ4M2XD9HTVCW3R';
const code = body + checkCharacter(body);

describe('one-time code format', () => {
  it('formats as four groups of four plus the check character', () => {
    expect(formatCode(code)).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
  });

  it('accepts any case, spaces, dashes, look-alikes and Arabic-Indic digits', () => {
    const typed = formatCode(code).toLowerCase().replaceAll('-', ' ');
    expect(parseCode(typed)).toBe(code);
    expect(parseCode(` ${formatCode(code)} `)).toBe(code);
    const arabic = formatCode(code).replace(/[0-9]/g, (d) =>
      String.fromCharCode(0x0660 + Number(d)),
    );
    expect(parseCode(arabic)).toBe(code);
    expect(normalizeCode('IIII-LLLL-OOOO-oooo-1')).toBe('11111111000000001');
  });

  it('ignores invisible format characters, tatweel and any whitespace or dash', () => {
    const marks = [
      '\u200e',
      '\u200f',
      '\u061c',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u200b',
      '\u200c',
      '\u200d',
      '\ufeff',
      '\u0640',
      '\t',
      '\u2009',
      '\u2013',
      '\u2212',
    ];
    for (const mark of marks) {
      expect(parseCode([...formatCode(code)].join(mark)), JSON.stringify(mark)).toBe(code);
    }
    expect(codeCharacters('\u200fab\u200ecd', 3)).toBe('ABC');
  });

  it('catches every single-character typo with the check character', () => {
    for (let position = 0; position < code.length; position++) {
      for (const replacement of CODE_ALPHABET) {
        if (replacement === code[position]) continue;
        const typo = code.slice(0, position) + replacement + code.slice(position + 1);
        expect(hasValidCheckCharacter(typo), typo).toBe(false);
      }
    }
  });

  it('refuses wrong lengths and characters outside the alphabet', () => {
    expect(parseCode(code.slice(1))).toBeUndefined();
    expect(parseCode(`${code}A`)).toBeUndefined();
    expect(parseCode(`${code.slice(0, 16)}U`)).toBeUndefined();
    expect(parseCode('')).toBeUndefined();
  });
});
