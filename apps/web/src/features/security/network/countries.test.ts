import { COUNTRY_CODES } from '@tanqin/shared';
import { describe, expect, it } from 'vitest';
import { listCountries, normalizeForSearch, searchCountries } from './countries.ts';

describe('country list', () => {
  const countries = listCountries();

  it('holds every country the API accepts once, with its Arabic name, Saudi Arabia first', () => {
    expect(countries.map((country) => country.code).sort()).toEqual([...COUNTRY_CODES]);
    expect(countries[0]).toMatchObject({ code: 'SA', name: 'المملكة العربية السعودية' });
    // Groupings that Intl also names are not countries.
    for (const code of ['EU', 'UN', 'QO', 'ZZ']) {
      expect(countries.some((country) => country.code === code)).toBe(false);
    }
    expect(countries.every((country) => /[\u0600-\u06FF]/.test(country.name))).toBe(true);
  });

  it('lists the others in Arabic alphabetical order', () => {
    const rest = countries.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('ar').compare));
  });

  it('finds a country by its Arabic name, whatever the hamza or ta marbuta', () => {
    expect(searchCountries(countries, 'مصر').map((country) => country.code)).toEqual(['EG']);
    expect(searchCountries(countries, 'الامارات')[0]?.code).toBe('AE');
    expect(searchCountries(countries, 'السعوديه')[0]?.code).toBe('SA');
    expect(normalizeForSearch('الإمارات العربيّة المتحدة')).toBe('الامارات العربيه المتحده');
  });

  it('puts an exact code first, then names starting with the query', () => {
    const found = searchCountries(countries, 'sa').map((country) => country.code);
    expect(found[0]).toBe('SA');
    expect(found).toContain('WS'); // Samoa, by its English name
    expect(searchCountries(countries, 'jo')[0]?.code).toBe('JO');
    expect(searchCountries(countries, 'Jordan').map((country) => country.code)).toEqual(['JO']);
  });

  it('shows the whole list, Saudi Arabia first, for an empty search', () => {
    expect(searchCountries(countries, '  ')).toBe(countries);
  });
});
