import { describe, expect, it } from 'vitest';
import { usageLevel } from './score.ts';

describe('usage colour', () => {
  it('is green below 70 %, yellow from 70 %, red from 90 %', () => {
    expect(usageLevel(69, 100)).toBe('low');
    expect(usageLevel(70, 100)).toBe('medium');
    expect(usageLevel(89, 100)).toBe('medium');
    expect(usageLevel(90, 100)).toBe('high');
    expect(usageLevel(1500, 1000)).toBe('high');
    expect(usageLevel(0, 1000)).toBe('low');
  });
});
