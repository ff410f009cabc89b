import { describe, expect, it } from 'vitest';
import { isValidSaudiNationalId, maskNationalId, toAsciiDigits } from './national-id.ts';

/** Appends the check digit that makes nine digits a valid id, computed independently. */
function withCheckDigit(nine: string): string {
  for (let check = 0; check <= 9; check++) {
    const digits = `${nine}${check}`.split('').map(Number);
    const sum = digits.reduce((total, digit, index) => {
      if (index % 2 === 1) return total + digit;
      const doubled = digit * 2;
      return total + Math.floor(doubled / 10) + (doubled % 10);
    }, 0);
    if (sum % 10 === 0) return `${nine}${check}`;
  }
  throw new Error('unreachable');
}

describe('isValidSaudiNationalId', () => {
  it('accepts citizen and resident ids with their check digit', () => {
    expect(isValidSaudiNationalId('1000000008')).toBe(true);
    expect(isValidSaudiNationalId(withCheckDigit('108765432'))).toBe(true);
    expect(isValidSaudiNationalId(withCheckDigit('212345678'))).toBe(true);
  });

  it('refuses a wrong check digit, another first digit, and wrong lengths', () => {
    const valid = withCheckDigit('108765432');
    const wrong = `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
    expect(isValidSaudiNationalId(wrong)).toBe(false);
    expect(isValidSaudiNationalId(`3${valid.slice(1)}`)).toBe(false);
    expect(isValidSaudiNationalId(valid.slice(0, 9))).toBe(false);
    expect(isValidSaudiNationalId(`${valid}0`)).toBe(false);
    expect(isValidSaudiNationalId('10000000a8')).toBe(false);
  });

  it('catches every single-digit typo', () => {
    const valid = withCheckDigit('112233445');
    for (let index = 1; index < 10; index++) {
      for (let digit = 0; digit <= 9; digit++) {
        const typo = valid.slice(0, index) + digit + valid.slice(index + 1);
        if (typo !== valid) expect(isValidSaudiNationalId(typo)).toBe(false);
      }
    }
  });

  it('reads Arabic-Indic digits and masks all but the last four', () => {
    expect(toAsciiDigits('١٠٠٠٠٠٠٠٠٨')).toBe('1000000008');
    expect(toAsciiDigits('۰۵۱۲')).toBe('0512');
    expect(maskNationalId('1234')).toBe('******1234');
  });
});
