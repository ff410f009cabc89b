import type { EventSeverity, EventType } from './constants.ts';

/**
 * Validation messages, keyed. Schemas carry the key as their zod message; the web app and the API
 * turn a key into text with `messageText`. The Arabic texts are the product spec's, in the
 * vocabulary of docs/glossary.md.
 */
export const validationMessages = {
  // The sign-up form's texts are the spec's exact words (section 5), which win over the glossary
  // (spec-messages.test.ts); the profile's message keeps the glossary's word.
  orgNameRequired: { ar: 'اسم المؤسسة مطلوب', en: 'Organisation name is required' },
  orgTypeRequired: { ar: 'يرجى اختيار نوع المؤسسة', en: 'Please choose the organisation type' },
  profileOrgNameRequired: { ar: 'اسم الجهة مطلوب', en: 'Organisation name is required' },
  emailInvalid: { ar: 'البريد الإلكتروني غير صالح', en: 'Invalid email address' },
  contactPersonRequired: { ar: 'اسم الشخص المسؤول مطلوب', en: 'Contact person is required' },
  firstNameRequired: { ar: 'الاسم الأول مطلوب', en: 'First name is required' },
  lastNameRequired: { ar: 'اسم العائلة مطلوب', en: 'Last name is required' },
  passwordMin: {
    ar: 'كلمة المرور يجب أن تكون 8 أحرف على الأقل',
    en: 'Password must be at least 8 characters',
  },
  passwordUppercase: {
    ar: 'يجب أن تحتوي على حرف كبير على الأقل',
    en: 'Must contain at least one uppercase letter',
  },
  passwordLowercase: {
    ar: 'يجب أن تحتوي على حرف صغير على الأقل',
    en: 'Must contain at least one lowercase letter',
  },
  passwordDigit: {
    ar: 'يجب أن تحتوي على رقم واحد على الأقل',
    en: 'Must contain at least one digit',
  },
  passwordsMismatch: { ar: 'كلمات المرور غير متطابقة', en: 'Passwords do not match' },
  passwordRequired: { ar: 'كلمة المرور مطلوبة', en: 'Password is required' },
  emailRequired: { ar: 'البريد الإلكتروني مطلوب', en: 'Email is required' },
  twoFactorCodeLength: { ar: 'يجب أن يتكون الرمز من 6 أرقام', en: 'The code must be 6 digits' },
  firstNameMin2: {
    ar: 'الاسم الأول يجب أن يكون حرفين على الأقل',
    en: 'First name must be at least 2 characters',
  },
  lastNameMin2: {
    ar: 'اسم العائلة يجب أن يكون حرفين على الأقل',
    en: 'Last name must be at least 2 characters',
  },
  phoneFormat: {
    ar: 'يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام',
    en: 'Phone number must start with 05 and be 10 digits',
  },
  nationalIdRequired: { ar: 'رقم الهوية الوطنية مطلوب', en: 'National id is required' },
  nationalIdInvalid: {
    ar: 'رقم الهوية الوطنية غير صالح',
    en: 'Invalid national id (10 digits starting with 1 or 2, with a valid check digit)',
  },
  verificationMethodInvalid: {
    ar: 'يرجى اختيار طريقة التحقق: رسالة نصية أو بريد إلكتروني',
    en: 'Choose the verification method: sms or email',
  },
  verificationCodeFormat: {
    ar: 'يجب أن يتكون الرمز من 6 أرقام',
    en: 'The code must be 6 digits',
  },
  twoFactorCodeRequired: { ar: 'رمز التحقق مطلوب', en: 'The verification code is required' },
  twoFactorTokenRequired: {
    ar: 'انتهت جلسة التحقق، سجّل الدخول مجدداً',
    en: 'The verification step has ended, sign in again',
  },
  confirmationTokenRequired: {
    ar: 'رابط التأكيد ناقص، افتح الرابط كما وصلك في البريد',
    en: 'The confirmation link is incomplete; open the link as it came in the mail',
  },
  resetTokenRequired: {
    ar: 'رابط إعادة تعيين كلمة المرور غير صالح',
    en: 'The password reset link is invalid',
  },
  currentPasswordRequired: {
    ar: 'كلمة المرور الحالية مطلوبة',
    en: 'The current password is required',
  },
  languageInvalid: {
    ar: 'يرجى اختيار اللغة العربية أو الإنجليزية',
    en: 'Choose Arabic or English',
  },
  keyNameRequired: { ar: 'اسم المفتاح مطلوب', en: 'Key name is required' },
  scopesRequired: { ar: 'اختر صلاحية واحدة على الأقل', en: 'Choose at least one scope' },
  scopeUnknown: { ar: 'صلاحية غير معروفة', en: 'Unknown scope' },
  ipInvalid: {
    ar: 'عنوان IP أو نطاق CIDR غير صالح',
    en: 'Invalid IP address or CIDR range',
  },
  rateLimitInvalid: {
    ar: 'حد الطلبات يجب أن يكون رقماً صحيحاً موجباً',
    en: 'The rate limit must be a positive whole number',
  },
  expiresAtInvalid: { ar: 'تاريخ الانتهاء غير صالح', en: 'Invalid expiry date' },
  dateInvalid: {
    ar: 'اكتب التاريخ بالصيغة يوم/شهر/سنة، مثل 22/11/2026',
    en: 'Type the date as dd/mm/yyyy, e.g. 22/11/2026',
  },
  dateTimeInvalid: {
    ar: 'اكتب التاريخ والوقت بالصيغة يوم/شهر/سنة ساعة:دقيقة، مثل 22/11/2026 14:30',
    en: 'Type the date and time as dd/mm/yyyy hh:mm, e.g. 22/11/2026 14:30',
  },
  expiresAtPast: {
    ar: 'تاريخ الانتهاء يجب أن يكون في المستقبل',
    en: 'The expiry date must be in the future',
  },
  keyModeInvalid: { ar: 'نوع المفتاح غير صالح', en: 'The key mode must be live or test' },
  modeInvalid: { ar: 'نوع البيانات غير صالح', en: 'The mode must be live or test' },
  graceInvalid: {
    ar: 'مدة بقاء السر القديم تكون من صفر إلى 7 أيام',
    en: 'The old secret can keep working from 0 seconds to 7 days',
  },
  ipAddressRequired: { ar: 'عنوان IP مطلوب', en: 'IP address is required' },
  descriptionRequired: { ar: 'الوصف مطلوب', en: 'Description is required' },
  countryCodeInvalid: { ar: 'رمز الدولة غير صالح', en: 'Invalid country code' },
  destinationRequired: { ar: 'الوجهة مطلوبة', en: 'Destination is required' },
  eventTypesRequired: { ar: 'اختر نوع حدث واحد على الأقل', en: 'Choose at least one event type' },
  webhookUrlInvalid: {
    ar: 'رابط Webhook يجب أن يكون رابط https صالحاً',
    en: 'The webhook must be a valid https URL',
  },
  settingRequired: { ar: 'لم يتم تحديد أي إعداد', en: 'No setting was given' },
  webhookDestinationPrivate: {
    ar: 'لا يمكن إرسال إشعارات Webhook إلى عنوان محلي أو خاص أو محجوز',
    en: 'The webhook must not point to a loopback, private or reserved address',
  },
  webhookHostUnresolvable: {
    ar: 'تعذر العثور على عنوان خادم Webhook',
    en: 'The webhook host could not be resolved',
  },
  encryptionKeyInvalid: {
    ar: 'المفتاح العام غير صالح: يجب أن يكون مفتاح X25519 من 32 بايت بترميز base64url',
    en: 'Invalid public key: it must be a 32-byte X25519 key in base64url',
  },
  roleInvalid: { ar: 'يرجى اختيار دور صالح', en: 'Please choose a valid role' },
  timeZoneInvalid: { ar: 'المنطقة الزمنية غير صالحة', en: 'Invalid time zone' },
  invitationTokenRequired: { ar: 'رابط الدعوة غير صالح', en: 'The invitation link is invalid' },
  tooLong: { ar: 'النص أطول من المسموح', en: 'The text is too long' },
  contactNameRequired: { ar: 'الاسم مطلوب', en: 'Your name is required' },
  contactSubjectRequired: { ar: 'الموضوع مطلوب', en: 'The subject is required' },
  contactMessageMin: {
    ar: 'الرسالة يجب أن تكون 10 أحرف على الأقل',
    en: 'The message must be at least 10 characters',
  },
  contactMessageTooLong: {
    ar: 'الرسالة يجب ألا تتجاوز 5000 حرف',
    en: 'The message must be at most 5000 characters',
  },
  networkUnavailable: {
    ar: 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت',
    en: 'Could not reach the server, check your connection',
  },
  offline: {
    ar: 'أنت غير متصل بالإنترنت. أعد المحاولة بعد عودة الاتصال',
    en: 'You are offline. Try again once you are back online',
  },
  contactTooMany: {
    ar: 'أرسلت رسائل كثيرة خلال ساعة، حاول مرة أخرى لاحقاً',
    en: 'Too many messages from this address within an hour, try again later',
  },
  invalidValue: { ar: 'قيمة غير صالحة', en: 'Invalid value' },
  payloadTooDeep: {
    ar: 'البيانات متداخلة بعمق أو كبيرة أكثر من المسموح',
    en: 'The data is nested too deeply or holds too many values',
  },
  appLinkInvalid: {
    ar: 'رابط التطبيق يبدأ بـ https ويحتوي على {request_id}',
    en: 'The app link starts with https and contains {request_id}',
  },
  textInvalid: {
    ar: 'النص يحتوي على رموز غير مسموح بها',
    en: 'The text contains characters that are not allowed',
  },
  documentTypeInvalid: { ar: 'يرجى اختيار نوع المستند', en: 'Choose the document type' },
  documentNameRequired: { ar: 'اسم الملف مطلوب', en: 'The file name is required' },
  documentStatusInvalid: { ar: 'حالة المستند غير صالحة', en: 'Invalid document status' },
  documentNotFound: { ar: 'المستند غير موجود', en: 'Document not found' },
  documentFileUnsupported: {
    ar: 'يُقبل ملف PDF أو JPEG أو PNG فقط',
    en: 'Only PDF, JPEG or PNG files are accepted',
  },
  documentFileTooLarge: {
    ar: 'الحد الأقصى لحجم الملف 10 ميجابايت',
    en: 'The maximum file size is 10 MB',
  },
  misuseNoteTooLong: {
    ar: 'الملاحظة أطول من 280 حرفاً',
    en: 'The note is longer than 280 characters',
  },
  contactChannelInvalid: {
    ar: 'يرجى اختيار البريد الإلكتروني أو رقم الجوال',
    en: 'Choose email or phone',
  },
} as const satisfies Record<string, { ar: string; en: string }>;

/** Names of the security event types and severities (notifications, exports, the web app). */
export const securityEventTypeLabels = {
  key_first_use: { ar: 'أول استخدام للمفتاح', en: 'Key first use' },
  new_ip_detected: { ar: 'عنوان IP جديد', en: 'New IP detected' },
  rate_limit_exceeded: { ar: 'تجاوز حد الطلبات', en: 'Rate limit exceeded' },
  invalid_scope: { ar: 'صلاحية غير كافية', en: 'Invalid scope' },
  suspicious_activity: { ar: 'نشاط مشبوه', en: 'Suspicious activity' },
  geo_blocked: { ar: 'حظر جغرافي', en: 'Geo-blocked' },
  ip_blocked: { ar: 'عنوان IP محظور', en: 'IP blocked' },
  key_disabled: { ar: 'مفتاح معطّل', en: 'Key disabled' },
  subject_locked: { ar: 'رقم هوية مقفل', en: 'National id locked' },
  misuse_reported: { ar: 'بلاغ إساءة استخدام', en: 'Misuse reported' },
} as const satisfies Record<EventType, { ar: string; en: string }>;

export const securitySeverityLabels = {
  info: { ar: 'معلومة', en: 'Info' },
  warning: { ar: 'تحذير', en: 'Warning' },
  critical: { ar: 'حرج', en: 'Critical' },
} as const satisfies Record<EventSeverity, { ar: string; en: string }>;

/** What the web app says when a session ends under the user's hands (apps/web/src/lib/open-dialogs.ts). */
export const sessionMessages = {
  endedInDialog: {
    ar: 'انتهت جلستك فلم يُحفظ شيء، وما كتبته باقٍ هنا. سجّل الدخول في نافذة جديدة ثم أعد المحاولة.',
    en: 'Your session has ended, so nothing was saved; what you typed is still here. Sign in in a new window, then try again.',
  },
  signInNewWindow: { ar: 'تسجيل الدخول في نافذة جديدة', en: 'Sign in in a new window' },
  ended: {
    ar: 'انتهت جلستك، فسجّل الدخول من جديد لتعود إلى حيث كنت.',
    en: 'Your session has ended. Sign in again to return to where you were.',
  },
} as const satisfies Record<string, { ar: string; en: string }>;

export type ValidationMessageKey = keyof typeof validationMessages;
export type Language = 'ar' | 'en';

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(validationMessages, value);
}

/** Text of a validation message key; unknown keys (e.g. zod's own English) map to a generic text. */
export function messageText(key: string, language: Language = 'ar'): string {
  return isValidationMessageKey(key)
    ? validationMessages[key][language]
    : validationMessages.invalidValue[language];
}
