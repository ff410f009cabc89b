import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';

describe('the country list', () => {
  it('holds the 249 assigned ISO 3166-1 codes and XK, each once, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    expect(COUNTRY_CODES).toContain('SA');
    expect(COUNTRY_CODES).toContain('XK');
  });

  it('names only countries: no grouping, reserved or unknown code', () => {
    for (const code of ['EU', 'EZ', 'UN', 'QO', 'AC', 'TA', 'UK', 'YU', 'ZZ']) {
      expect(COUNTRY_CODES).not.toContain(code);
    }
  });

  it('is every country Intl names, so each has a name in Arabic and English', () => {
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const arabic = new Intl.DisplayNames(['ar'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      expect(english.of(code), code).toBeDefined();
      expect(arabic.of(code), code).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
