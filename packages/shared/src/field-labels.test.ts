import { describe, expect, it } from 'vitest';
import { catalogueKey, fieldLabel, fieldLabelList, hasFieldLabel } from './field-labels.ts';

describe('the identity field catalogue', () => {
  it('labels common fields in Arabic and English, whatever their spelling', () => {
    expect(fieldLabel('iban', 'ar')).toBe('رقم الآيبان');
    expect(fieldLabel('iban', 'en')).toBe('IBAN');
    expect(fieldLabel('fullName', 'ar')).toBe('الاسم الكامل');
    expect(fieldLabel('Passport-Number', 'en')).toBe('Passport number');
    expect(fieldLabel('iqama_number', 'ar')).toBe('رقم الإقامة');
    expect(catalogueKey('dateOfBirth')).toBe('date_of_birth');
  });

  it("keeps an organisation's own field under its own name", () => {
    expect(fieldLabel('blood_type', 'ar')).toBe('blood_type');
    expect(hasFieldLabel('blood_type')).toBe(false);
    expect(hasFieldLabel('Full Name')).toBe(true);
    // Not a catalogue entry though every object has it.
    expect(fieldLabel('constructor', 'en')).toBe('constructor');
  });

  it('lists fields with the separator of each language', () => {
    expect(fieldLabelList(['full_name', 'iban'], 'ar')).toBe('الاسم الكامل، رقم الآيبان');
    expect(fieldLabelList(['full_name', 'iban'], 'en')).toBe('Full name, IBAN');
  });
});
