import type { Language } from './messages.ts';

/**
 * The catalogue of common identity fields (names, ID and residence numbers, dates, address, bank
 * details) with their Arabic and English labels: what the web shows and what the notices to a
 * person name. Organisations may send fields of their own; those keep their raw name.
 */
const FIELD_LABELS: Record<string, Record<Language, string>> = {
  full_name: { ar: 'الاسم الكامل', en: 'Full name' },
  first_name: { ar: 'الاسم الأول', en: 'First name' },
  last_name: { ar: 'اسم العائلة', en: 'Last name' },
  national_id: { ar: 'رقم الهوية', en: 'ID number' },
  birth_date: { ar: 'تاريخ الميلاد', en: 'Date of birth' },
  date_of_birth: { ar: 'تاريخ الميلاد', en: 'Date of birth' },
  phone: { ar: 'رقم الجوال', en: 'Mobile number' },
  phone_number: { ar: 'رقم الجوال', en: 'Mobile number' },
  mobile: { ar: 'رقم الجوال', en: 'Mobile number' },
  email: { ar: 'البريد الإلكتروني', en: 'Email' },
  address: { ar: 'العنوان', en: 'Address' },
  nationality: { ar: 'الجنسية', en: 'Nationality' },
  gender: { ar: 'الجنس', en: 'Gender' },
  iban: { ar: 'رقم الآيبان', en: 'IBAN' },
  bank_name: { ar: 'اسم البنك', en: 'Bank name' },
  account_number: { ar: 'رقم الحساب', en: 'Account number' },
  father_name: { ar: 'اسم الأب', en: "Father's name" },
  grandfather_name: { ar: 'اسم الجد', en: "Grandfather's name" },
  family_name: { ar: 'اسم العائلة', en: 'Family name' },
  middle_name: { ar: 'الاسم الأوسط', en: 'Middle name' },
  full_name_en: { ar: 'الاسم الكامل بالإنجليزية', en: 'Full name (English)' },
  full_name_ar: { ar: 'الاسم الكامل بالعربية', en: 'Full name (Arabic)' },
  mother_name: { ar: 'اسم الأم', en: "Mother's name" },
  place_of_birth: { ar: 'مكان الميلاد', en: 'Place of birth' },
  birth_place: { ar: 'مكان الميلاد', en: 'Place of birth' },
  marital_status: { ar: 'الحالة الاجتماعية', en: 'Marital status' },
  iqama_number: { ar: 'رقم الإقامة', en: 'Residence permit (iqama) number' },
  passport_number: { ar: 'رقم جواز السفر', en: 'Passport number' },
  id_number: { ar: 'رقم الهوية', en: 'ID number' },
  id_expiry_date: { ar: 'تاريخ انتهاء الهوية', en: 'ID expiry date' },
  id_issue_date: { ar: 'تاريخ إصدار الهوية', en: 'ID issue date' },
  expiry_date: { ar: 'تاريخ الانتهاء', en: 'Expiry date' },
  national_address: { ar: 'العنوان الوطني', en: 'National address' },
  building_number: { ar: 'رقم المبنى', en: 'Building number' },
  street: { ar: 'الشارع', en: 'Street' },
  district: { ar: 'الحي', en: 'District' },
  city: { ar: 'المدينة', en: 'City' },
  region: { ar: 'المنطقة', en: 'Region' },
  postal_code: { ar: 'الرمز البريدي', en: 'Postal code' },
  additional_number: { ar: 'الرقم الإضافي', en: 'Additional number' },
  country: { ar: 'الدولة', en: 'Country' },
  occupation: { ar: 'المهنة', en: 'Occupation' },
  employer: { ar: 'جهة العمل', en: 'Employer' },
  monthly_income: { ar: 'الدخل الشهري', en: 'Monthly income' },
  salary: { ar: 'الراتب', en: 'Salary' },
  education: { ar: 'المستوى التعليمي', en: 'Education' },
  age: { ar: 'العمر', en: 'Age' },
  photo: { ar: 'الصورة', en: 'Photo' },
  signature: { ar: 'التوقيع', en: 'Signature' },
  commercial_registration: { ar: 'رقم السجل التجاري', en: 'Commercial registration number' },
  vat_number: { ar: 'الرقم الضريبي', en: 'VAT number' },
};

/** `fullName`, `Full-Name` and `full name` are the catalogue's `full_name`. */
export const catalogueKey = (name: string) =>
  name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();

export const hasFieldLabel = (name: string) => Object.hasOwn(FIELD_LABELS, catalogueKey(name));

/** The label of a field in `language` (iban -> رقم الآيبان), else the field's own name. */
export function fieldLabel(name: string, language: Language): string {
  const key = catalogueKey(name);
  return Object.hasOwn(FIELD_LABELS, key) ? FIELD_LABELS[key]![language] : name;
}

/** Fields by their labels as one list: «، » between them in Arabic, ", " in English. */
export const fieldLabelList = (names: readonly string[], language: Language) =>
  names.map((name) => fieldLabel(name, language)).join(language === 'ar' ? '، ' : ', ');
