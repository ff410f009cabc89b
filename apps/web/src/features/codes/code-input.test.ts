import { checkCharacter } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { codeCharacters, codeInputProblem, formatCodeInput } from './code-input.ts';

const BODY = 'ABCD2345EFGH6789';
const VALID = `${BODY}${checkCharacter(BODY)}`;
const toArabicIndic = (text: string) =>
  text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

describe('the code input', () => {
  it('formats as XXXX-XXXX-XXXX-XXXX-C while typing', () => {
    expect(formatCodeInput('abcd')).toBe('ABCD');
    expect(formatCodeInput('abcd2')).toBe('ABCD-2');
    expect(formatCodeInput(VALID)).toBe(`ABCD-2345-EFGH-6789-${VALID.at(-1)}`);
  });

  it('accepts lowercase, spaces, dashes and Arabic-Indic digits, and stops at 17 characters', () => {
    expect(codeCharacters(' abcd - 2345 efgh6789 ')).toBe(BODY);
    expect(codeCharacters(toArabicIndic('ABCD-2345-EFGH-6789'))).toBe(BODY);
    expect(codeCharacters('۱۲۳')).toBe('123');
    expect(codeCharacters(`${VALID}XYZ`)).toBe(VALID);
    expect(codeInputProblem(toArabicIndic(VALID.toLowerCase()))).toBeUndefined();
  });

  it('ignores the invisible marks and tatweel a code pasted from an Arabic chat carries', () => {
    const pasted = `\u200f\u2067${VALID.slice(0, 4)}\u200e-\u202b${VALID.slice(4, 8)}\u202c\u200d-${VALID.slice(8, 12)}\u0640\u200b-\u2066${VALID.slice(12)}\u2069\u2069\ufeff\u061c\u202e`;
    expect(formatCodeInput(pasted)).toBe(`ABCD-2345-EFGH-6789-${VALID.at(-1)}`);
    expect(codeInputProblem(pasted)).toBeUndefined();
    expect(formatCodeInput('\u200fAB\u200fC')).toBe('ABC');
  });

  it('catches a mistyped check character, an unfinished code and foreign characters', () => {
    const wrongCheck = `${BODY}${checkCharacter(BODY) === '0' ? '1' : '0'}`;
    expect(codeInputProblem(wrongCheck)).toBe('mistyped');
    expect(codeInputProblem(wrongCheck, true)).toBe('mistyped');
    expect(codeInputProblem('ABCD-23')).toBe('incomplete');
    expect(codeInputProblem('ABCD-23', true)).toBeUndefined();
    expect(codeInputProblem('')).toBe('empty');
    expect(codeInputProblem('ABCU', true)).toBe('invalidCharacters');
    expect(codeInputProblem('ابجد', true)).toBe('invalidCharacters');
  });
});
