import { fieldLabelList } from './field-labels.ts';
import type { Language } from './messages.ts';

/**
 * The notices a person gets when a code issued for their proven national id is issued or used
 * (email and SMS): which body, when, which fields (names only: a notice never carries a value or
 * the code), and a link to their history. Several events in one message are a digest.
 */
export interface PersonNoticeEvent {
  event: 'issued' | 'used';
  /** The body that issued (issued) or decrypted (used) the code. */
  body: string;
  at: Date | string;
  /** Field names (told by their labels in the message's language), never values. */
  fields: string[];
}

export interface PersonNoticeMessage {
  subject: string;
  /** The email, in the person's language. */
  text: string;
  /** The text message: the person's language only. */
  sms: string;
}

/** A digest lists at most this many events; the rest are in the history. */
export const NOTICE_DIGEST_LINES = 5;

const LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn-ca-gregory', en: 'en-GB' };

/** Times in Riyadh's time zone (the product's country), named so no reader guesses. */
export function noticeTime(at: Date | string, language: Language): string {
  const time = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(at));
  return language === 'ar' ? `${time} بتوقيت الرياض` : `${time} Riyadh time`;
}

const NOTICE_COUNT: Record<Intl.LDMLPluralRule, (n: number) => string> = {
  zero: (n) => `${n} إشعار`,
  one: () => 'إشعار واحد',
  two: () => 'إشعاران',
  few: (n) => `${n} إشعارات`,
  many: (n) => `${n} إشعاراً`,
  other: (n) => `${n} إشعار`,
};
const arabicPlural = new Intl.PluralRules('ar');

const TEXTS = {
  ar: {
    used: (e: PersonNoticeEvent) =>
      `استخدمت الجهة «${e.body}» رمزاً صادراً لك في ${noticeTime(e.at, 'ar')}${
        e.fields.length ? `، واطّلعت على: ${fieldLabelList(e.fields, 'ar')}` : ''
      }.`,
    issued: (e: PersonNoticeEvent) =>
      `أصدرت الجهة «${e.body}» رمزاً لك في ${noticeTime(e.at, 'ar')}${
        e.fields.length ? `، يشمل: ${fieldLabelList(e.fields, 'ar')}` : ''
      }.`,
    usedSubject: 'استُخدم رمز صادر لك',
    issuedSubject: 'صدر رمز لك',
    digestSubject: 'نشاط على الرموز الصادرة لك',
    digest: (n: number) =>
      `نشاط على الرموز الصادرة لك: ${NOTICE_COUNT[arabicPlural.select(n)](n)}.`,
    more: 'وباقي الإشعارات في سجلّك.',
    history: (link: string) => `سجلّك في تنقين: ${link}`,
    notYou: 'إن لم تكن تعرف هذا فأقفل رقم هويتك من لوحة التحكم في تنقين.',
    smsDigest: (n: number, latest: PersonNoticeEvent) =>
      `${NOTICE_COUNT[arabicPlural.select(n)](n)} على الرموز الصادرة لك، آخرها من «${latest.body}» في ${noticeTime(latest.at, 'ar')}.`,
    brand: 'تنقين',
  },
  en: {
    used: (e: PersonNoticeEvent) =>
      `${e.body} used a code issued for you on ${noticeTime(e.at, 'en')}${
        e.fields.length ? ` and saw: ${fieldLabelList(e.fields, 'en')}` : ''
      }.`,
    issued: (e: PersonNoticeEvent) =>
      `${e.body} issued a code for you on ${noticeTime(e.at, 'en')}${
        e.fields.length ? `, covering: ${fieldLabelList(e.fields, 'en')}` : ''
      }.`,
    usedSubject: 'A code issued for you was used',
    issuedSubject: 'A code was issued for you',
    digestSubject: 'Activity on the codes issued for you',
    digest: (n: number) => `Activity on the codes issued for you: ${n} notices.`,
    more: 'The rest are in your history.',
    history: (link: string) => `Your Tanqin history: ${link}`,
    notYou: 'If you do not recognise this, lock your national id from your Tanqin dashboard.',
    smsDigest: (n: number, latest: PersonNoticeEvent) =>
      `${n} notices on the codes issued for you, the latest from ${latest.body} on ${noticeTime(latest.at, 'en')}.`,
    brand: 'Tanqin',
  },
} as const;

function subjectIn(language: Language, events: PersonNoticeEvent[]) {
  const texts = TEXTS[language];
  if (events.length > 1) return texts.digestSubject;
  return events[0]!.event === 'used' ? texts.usedSubject : texts.issuedSubject;
}

function bodyIn(language: Language, events: PersonNoticeEvent[], historyUrl: string) {
  const texts = TEXTS[language];
  const lines =
    events.length === 1
      ? [texts[events[0]!.event](events[0]!)]
      : [
          texts.digest(events.length),
          ...events.slice(0, NOTICE_DIGEST_LINES).map((e) => `- ${texts[e.event](e)}`),
          ...(events.length > NOTICE_DIGEST_LINES ? [texts.more] : []),
        ];
  return [...lines, '', texts.history(historyUrl), texts.notYou].join('\n');
}

/**
 * The message telling `events` (oldest first) to a person who reads `language` (the one they
 * registered in, then their profile's), in that language alone: mail and SMS.
 */
export function personNoticeMessage(
  events: PersonNoticeEvent[],
  language: Language,
  historyUrl: string,
): PersonNoticeMessage {
  if (events.length === 0) throw new Error('A notice tells at least one event');
  const texts = TEXTS[language];
  const latest = events.at(-1)!;
  const line =
    events.length === 1 ? texts[latest.event](latest) : texts.smsDigest(events.length, latest);
  return {
    subject: subjectIn(language, events),
    text: bodyIn(language, events, historyUrl),
    sms: `${texts.brand}: ${line} ${texts.history(historyUrl)}`,
  };
}
