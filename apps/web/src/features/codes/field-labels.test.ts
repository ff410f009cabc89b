import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueKey, fieldLabel } from './field-labels.ts';

describe('the identity field catalogue', () => {
  beforeAll(async () => {
    await i18next.loadLanguages(['ar', 'en']);
    await i18next.loadNamespaces('codes');
  });
  const ar = (key: string) => i18next.getFixedT('ar', 'codes')(key);
  const en = (key: string) => i18next.getFixedT('en', 'codes')(key);

  it('labels common fields in Arabic and English, whatever their spelling', () => {
    expect(fieldLabel('iban', ar as never)).toBe('رقم الآيبان');
    expect(fieldLabel('iban', en as never)).toBe('IBAN');
    expect(fieldLabel('fullName', ar as never)).toBe('الاسم الكامل');
    expect(fieldLabel('Passport-Number', en as never)).toBe('Passport number');
    expect(fieldLabel('iqama_number', ar as never)).toBe('رقم الإقامة');
    expect(catalogueKey('dateOfBirth')).toBe('date_of_birth');
  });

  it('keeps a field it does not know under its own name', () => {
    expect(fieldLabel('blood_type', ar as never)).toBe('blood_type');
  });
});
