import type { EventType } from './constants.ts';
import type { Language } from './messages.ts';

/**
 * An event's one-line account in the reader's language, from its type and stored parameters
 * (address, key name, additional_data): the dashboard and the notification emails both tell an
 * event with it, so no reader sees the English text the API recorded under an Arabic line.
 */
export interface SummarizedEvent {
  event_type: EventType;
  client_ip: string | null;
  api_key_name: string | null;
  request_path: string | null;
  additional_data: Record<string, unknown> | null;
}

/** A "This wasn't me" report: what the holder said, then what the organisation did with the code. */
const MISUSE = {
  ar: 'أبلغ صاحب رقم الهوية عن إساءة استخدام: ',
  en: 'The holder of the national id reported misuse: ',
} as const;

/** Which part an organisation played in a reported code (additional_data.role). */
export const MISUSE_ROLES = ['issued', 'used', 'addressed', 'issued_used'] as const;
export type MisuseRole = (typeof MISUSE_ROLES)[number];

type Params = { key: string; ip: string; country: string; code: string; destination: string };
type Texts = Record<Language, (p: Params) => string>;

const SUMMARIES = {
  key_first_use: {
    ar: (p) => `استُخدم المفتاح ${p.key} لأول مرة`,
    en: (p) => `The key ${p.key} was used for the first time`,
  },
  new_ip_detected: {
    ar: (p) => `استُخدم المفتاح ${p.key} من عنوان جديد ${p.ip}`,
    en: (p) => `The key ${p.key} was used from a new address ${p.ip}`,
  },
  rate_limit_exceeded: {
    ar: (p) => `رُفض طلب من ${p.ip} لتجاوز حد الطلبات`,
    en: (p) => `A request from ${p.ip} was refused for exceeding the rate limit`,
  },
  invalid_scope: {
    ar: (p) => `رُفض طلب من ${p.ip} لأن المفتاح لا يملك الصلاحية المطلوبة`,
    en: (p) => `A request from ${p.ip} was refused because the key lacks the required scope`,
  },
  suspicious_wrong_audience: {
    ar: (p) => `قدّمت جهة أخرى رمزاً غير موجه إليها من ${p.ip}`,
    en: (p) => `Another organisation presented a code not addressed to it, from ${p.ip}`,
  },
  suspicious_authentication: {
    ar: (p) => `محاولات مصادقة فاشلة متتالية من ${p.ip}`,
    en: (p) => `A burst of failed authentications from ${p.ip}`,
  },
  suspicious_destination_limit: {
    ar: (p) => `رُفضت رسالة إلى ${p.destination} لأن هذا العنوان تلقّى رسائل كثيرة`,
    en: (p) => `A message to ${p.destination} was refused: the address has received too many`,
  },
  suspicious_verification: {
    ar: (p) => `محاولات متتالية للتحقق من رموز غير موجودة من ${p.ip}`,
    en: (p) => `A burst of verifications of codes that do not exist, from ${p.ip}`,
  },
  suspicious_authentication_spread: {
    ar: () => 'محاولات مصادقة فاشلة متتالية على جهتك من عناوين مختلفة',
    en: () => 'A burst of failed authentications against your organisation, from any addresses',
  },
  suspicious_verification_spread: {
    ar: () => 'محاولات متتالية للتحقق من رموز غير موجودة لدى جهتك من عناوين مختلفة',
    en: () =>
      'A burst of verifications of codes that do not exist against your organisation, from any addresses',
  },
  geo_blocked: {
    ar: (p) => `رُفض طلب من ${p.ip} لأنه قادم من دولة محظورة (${p.country})`,
    en: (p) =>
      `A request from ${p.ip} was refused because it came from a blocked country (${p.country})`,
  },
  ip_blocked: {
    ar: (p) => `رُفض طلب من عنوان غير مسموح به ${p.ip}`,
    en: (p) => `A request from a disallowed address ${p.ip} was refused`,
  },
  key_disabled: {
    ar: (p) => `عُطّل المفتاح ${p.key} من لوحة التحكم`,
    en: (p) => `The key ${p.key} was disabled from the dashboard`,
  },
  key_disabled_refused: {
    ar: (p) => `رُفض طلب من ${p.ip} لأن المفتاح ${p.key} معطّل أو منتهي الصلاحية`,
    en: (p) => `A request from ${p.ip} was refused because the key ${p.key} is disabled or expired`,
  },
  subject_locked: {
    ar: (p) => `رُفض طلب إصدار رمز أو استخدامه من ${p.ip} لأن صاحب رقم الهوية أقفله`,
    en: (p) =>
      `A request from ${p.ip} to issue or use a code was refused: the holder of the national id has locked it`,
  },
  misuse_issued: {
    ar: (p) => `${MISUSE.ar}الرمز ${p.code} الذي أصدرته جهتك لم يكن بطلبه`,
    en: (p) => `${MISUSE.en}they did not ask for the code ${p.code} your organisation issued`,
  },
  misuse_used: {
    ar: (p) => `${MISUSE.ar}الرمز ${p.code} الذي استخدمته جهتك لم يقدّمه هو`,
    en: (p) => `${MISUSE.en}they did not give your organisation the code ${p.code} it used`,
  },
  misuse_addressed: {
    ar: (p) => `${MISUSE.ar}الرمز ${p.code} الموجّه إلى جهتك لم يكن بطلبه`,
    en: (p) => `${MISUSE.en}they did not ask for the code ${p.code} addressed to your organisation`,
  },
  misuse_issued_used: {
    ar: (p) => `${MISUSE.ar}الرمز ${p.code} الذي أصدرته جهتك واستخدمته لم يكن بطلبه`,
    en: (p) =>
      `${MISUSE.en}they did not ask for the code ${p.code} your organisation issued and used`,
  },
} as const satisfies Record<string, Texts>;

const UNKNOWN = {
  key: { ar: 'غير معروف', en: 'unknown' },
  country: { ar: 'دولة غير معروفة', en: 'unknown country' },
} as const;

/** Which text tells the event: a suspicious_activity by its cause, a key_disabled by its origin. */
function summaryOf(event: SummarizedEvent): keyof typeof SUMMARIES {
  switch (event.event_type) {
    case 'suspicious_activity': {
      const failure = event.additional_data?.failure;
      const spread = event.additional_data?.spread === 'organization' ? '_spread' : '';
      if (failure === 'authentication') return `suspicious_authentication${spread}`;
      if (failure === 'verification') return `suspicious_verification${spread}`;
      if (failure === 'destination_limit') return 'suspicious_destination_limit';
      return 'suspicious_wrong_audience';
    }
    case 'key_disabled':
      // Switched off in the dashboard, or a /v1 call refused because the key is off or expired.
      return event.request_path?.startsWith('/v1/') ? 'key_disabled_refused' : 'key_disabled';
    case 'misuse_reported': {
      const role = event.additional_data?.role as MisuseRole;
      return `misuse_${MISUSE_ROLES.includes(role) ? role : 'issued'}` as const;
    }
    default:
      return event.event_type;
  }
}

// First-strong isolates keep a Latin key name or address from reordering the text around it.
const isolate = (text: string) => `\u2068${text}\u2069`;

export function summarizeSecurityEvent(
  event: SummarizedEvent,
  language: Language,
  countryName: (code: string) => string,
): string {
  const data = event.additional_data;
  const country = data?.country;
  const summary = SUMMARIES[summaryOf(event)][language]({
    key: isolate(event.api_key_name ?? UNKNOWN.key[language]),
    ip: isolate(event.client_ip ?? '—'),
    country: typeof country === 'string' ? countryName(country) : UNKNOWN.country[language],
    code: isolate(typeof data?.token_id === 'string' ? data.token_id : UNKNOWN.key[language]),
    destination: isolate(typeof data?.destination === 'string' ? data.destination : '—'),
  });
  return event.event_type === 'misuse_reported' ? summary + misuseDetails(data, language) : summary;
}

const MISUSE_DETAILS = {
  revoked: { ar: '، وأُلغي الرمز', en: '; the code was revoked' },
  note: {
    ar: (note: string) => `. ملاحظته: «${note}»`,
    en: (note: string) => `. Their note: “${note}”`,
  },
} as const;

/** Whether the report revoked the code, and the holder's note (text: each screen escapes it). */
function misuseDetails(data: Record<string, unknown> | null, language: Language) {
  const revoked = data?.revoked === true ? MISUSE_DETAILS.revoked[language] : '';
  const note = typeof data?.note === 'string' && data.note ? data.note : null;
  return revoked + (note ? MISUSE_DETAILS.note[language](isolate(note)) : '');
}
