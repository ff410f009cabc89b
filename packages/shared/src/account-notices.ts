import { deviceFromUserAgent } from './device.ts';
import type { Language } from './messages.ts';
import type { ContactChannel } from './schemas/profile.ts';

/*
 * The texts of the messages that keep an account safe: the code that confirms a new email or
 * phone, and the security notices sent to the account's own addresses whatever its notification
 * preferences (a contact change asked, a new password, a password reset by the mailed link,
 * two-step on or off, a new device). Each in the person's language (the one they registered in,
 * then their profile's); in both, Arabic first, only where none is known (`null`: an
 * organisation's staff, who never chose one). A notice names what happened, when and from where:
 * never a code, a link's token, a secret or a whole new address.
 */

/** The language of a message to a person: theirs, or `null` where none is known (both). */
export type MessageLanguage = Language | null;

/** A message's texts in one language: the mail's subject and lines, and the SMS. */
export interface MessageTexts {
  subject: string;
  lines: string[];
  sms: string;
}

/**
 * A message in `language`: that language alone; both (Arabic first) where none is known. The
 * mail is `subject` and `text`, the text message `sms`.
 */
export function messageIn(language: MessageLanguage, texts: Record<Language, MessageTexts>) {
  if (language) {
    const only = texts[language];
    return { subject: only.subject, text: only.lines.join('\n'), sms: only.sms };
  }
  return {
    subject: `${texts.ar.subject} / ${texts.en.subject}`,
    text: [...texts.ar.lines, '', ...texts.en.lines].join('\n'),
    sms: `${texts.ar.sms}\n\n${texts.en.sms}`,
  };
}

/** What a security notice tells of. */
export type AccountNoticeEvent =
  | { kind: 'contact_change_requested'; channel: ContactChannel; newAddress: string }
  | { kind: 'password_changed' }
  | { kind: 'password_reset' }
  | { kind: 'two_factor_enabled' }
  | { kind: 'two_factor_disabled' }
  | { kind: 'new_device_sign_in'; userAgent: string | null };

/** When and from where the change was made. */
export interface NoticeCircumstances {
  at: Date;
  ip: string | null;
  /** ISO 3166 alpha-2 of the address, when known. */
  country?: string;
}

/** A new address shown without giving it away whole: `05******78`, `a***@x.com`. */
export function maskedAddress(address: string): string {
  if (!address.includes('@')) return `${address.slice(0, 2)}******${address.slice(-2)}`;
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** `2026-11-26 18:05`, Riyadh time (the product's users are in Saudi Arabia). */
// Made once: a formatter costs about 0.4 ms to make, and the mail to a taken address is made
// while the request that caused it is answered (its time must not tell the address apart).
const RIYADH_MINUTES = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Riyadh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
function riyadhTime(at: Date): string {
  return RIYADH_MINUTES.format(at);
}

function countryName(code: string | undefined, language: 'ar' | 'en'): string | undefined {
  if (!code) return undefined;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function deviceName(userAgent: string | null): string {
  const { browser, os } = deviceFromUserAgent(userAgent);
  return [browser, os].filter(Boolean).join(' / ');
}

interface IfNotYou {
  ar: string;
  en: string;
  sms: { ar: string; en: string };
}

interface WhatHappened {
  subject: { ar: string; en: string };
  ar: string;
  en: string;
  /** Instead of "change your password now" (CHANGE_YOUR_PASSWORD). */
  ifNotYou?: IfNotYou;
}

function whatHappened(event: AccountNoticeEvent): WhatHappened {
  switch (event.kind) {
    case 'contact_change_requested': {
      const to = maskedAddress(event.newAddress);
      return event.channel === 'email'
        ? {
            subject: { ar: 'طلب تغيير بريدك الإلكتروني', en: 'A change of your email was asked' },
            ar: `طُلب تغيير بريدك الإلكتروني في تنقين إلى ${to}. لا يُعتمد التغيير إلا بعد إدخال الرمز المرسل إلى البريد الجديد.`,
            en: `Someone asked to change your Tanqin email to ${to}. It applies only once the code sent to the new address is entered.`,
          }
        : {
            subject: { ar: 'طلب تغيير رقم جوالك', en: 'A change of your phone was asked' },
            ar: `طُلب تغيير رقم جوالك في تنقين إلى ${to}. لا يُعتمد التغيير إلا بعد إدخال الرمز المرسل إلى الرقم الجديد.`,
            en: `Someone asked to change your Tanqin phone number to ${to}. It applies only once the code sent to the new number is entered.`,
          };
    }
    case 'password_changed':
      return {
        subject: { ar: 'تغيّرت كلمة المرور', en: 'Your password was changed' },
        ar: 'تم تغيير كلمة مرور حسابك في تنقين.',
        en: 'The password of your Tanqin account was changed.',
      };
    case 'password_reset':
      return {
        subject: { ar: 'أُعيد تعيين كلمة المرور', en: 'Your password was reset' },
        ar: 'أُعيد تعيين كلمة مرور حسابك في تنقين بالرابط المرسل إلى بريدك الإلكتروني، وأُنهيت جميع جلساته.',
        en: 'The password of your Tanqin account was reset with the link sent to your email, and all its sessions were ended.',
        // The link went to the mailbox: whoever used it may hold the mailbox too.
        ifNotYou: {
          ar: 'إن لم تكن أنت فأمّن بريدك الإلكتروني أولاً، ثم أعد تعيين كلمة المرور من صفحة تسجيل الدخول.',
          en: 'If this was not you, secure your email account first, then reset your password again from the sign-in page.',
          sms: {
            ar: 'إن لم تكن أنت فأمّن بريدك الإلكتروني وأعد تعيين كلمة المرور.',
            en: 'If this was not you, secure your email and reset your password.',
          },
        },
      };
    case 'two_factor_enabled':
      return {
        subject: { ar: 'تفعيل التحقق بخطوتين', en: 'Two-step verification turned on' },
        ar: 'تم تفعيل التحقق بخطوتين في حسابك في تنقين.',
        en: 'Two-step verification was turned on for your Tanqin account.',
      };
    case 'two_factor_disabled':
      return {
        subject: { ar: 'إيقاف التحقق بخطوتين', en: 'Two-step verification turned off' },
        ar: 'تم إيقاف التحقق بخطوتين في حسابك في تنقين.',
        en: 'Two-step verification was turned off for your Tanqin account.',
      };
    case 'new_device_sign_in': {
      const device = deviceName(event.userAgent);
      return {
        subject: { ar: 'تسجيل دخول من جهاز جديد', en: 'Sign-in from a new device' },
        ar: `تم تسجيل الدخول إلى حسابك في تنقين من جهاز جديد${device ? ` (${device})` : ''}.`,
        en: `Your Tanqin account was signed in to from a new device${device ? ` (${device})` : ''}.`,
      };
    }
  }
}

/** What the account holder should do if the change was not theirs. */
const CHANGE_YOUR_PASSWORD: IfNotYou = {
  ar: 'إن لم تكن أنت فغيّر كلمة المرور فوراً وأنهِ الجلسات الأخرى من إعدادات حسابك.',
  en: 'If this was not you, change your password now and end your other sessions in your account settings.',
  sms: {
    ar: 'إن لم تكن أنت فغيّر كلمة المرور فوراً.',
    en: 'If this was not you, change your password now.',
  },
};

/** A security notice: the mail and the shorter SMS, with the time and address, in `language`. */
export function accountNoticeMessage(
  event: AccountNoticeEvent,
  where: NoticeCircumstances,
  language: MessageLanguage = null,
) {
  const what = whatHappened(event);
  const ifNotYou = what.ifNotYou ?? CHANGE_YOUR_PASSWORD;
  const when = riyadhTime(where.at);
  const from = (reader: Language) => {
    const country = countryName(where.country, reader);
    return `${where.ip ?? '-'}${country ? ` (${country})` : ''}`;
  };
  return messageIn(language, {
    ar: {
      subject: `تنقين: ${what.subject.ar}`,
      lines: [what.ar, `الوقت: ${when} بتوقيت الرياض`, `العنوان: ${from('ar')}`, ifNotYou.ar],
      sms: `${what.ar}\n${when} - ${from('ar')}\n${ifNotYou.sms.ar}`,
    },
    en: {
      subject: `Tanqin: ${what.subject.en}`,
      lines: [what.en, `Time: ${when} (Riyadh time)`, `Address: ${from('en')}`, ifNotYou.en],
      sms: `${what.en}\n${when} (Riyadh time) - ${from('en')}\n${ifNotYou.sms.en}`,
    },
  });
}

/** The code that confirms a new email (by mail) or phone (by SMS); valid `minutes` minutes. */
export function contactCodeMessage(
  code: string,
  minutes: number,
  language: MessageLanguage = null,
) {
  return messageIn(language, {
    ar: {
      subject: 'تأكيد بريدك الإلكتروني الجديد في تنقين',
      lines: [
        `رمز تأكيد بريدك الإلكتروني الجديد: ${code}`,
        `أدخله في إعدادات حسابك خلال ${minutes} دقائق. لا تشاركه مع أحد، وإن لم تطلبه فتجاهل هذه الرسالة.`,
      ],
      sms: `رمز تأكيد رقم جوالك الجديد في تنقين: ${code}\nصالح لمدة ${minutes} دقائق. لا تشاركه مع أحد.`,
    },
    en: {
      subject: 'Confirm your new Tanqin email',
      lines: [
        `The code that confirms your new email: ${code}`,
        `Enter it in your account settings within ${minutes} minutes. Do not share it; if you did not ask for it, ignore this message.`,
      ],
      sms: `The code that confirms your new Tanqin phone number: ${code}\nValid for ${minutes} minutes. Do not share it.`,
    },
  });
}

/** The code that confirms a new account (by mail or SMS, as chosen); valid `minutes` minutes. */
export function registrationCodeMessage(
  code: string,
  minutes: number,
  language: MessageLanguage = null,
) {
  return messageIn(language, {
    ar: {
      subject: 'رمز تأكيد حسابك في تنقين',
      lines: [`رمز التحقق الخاص بك: ${code}`, `صالح لمدة ${minutes} دقائق. لا تشاركه مع أحد.`],
      sms: `رمز التحقق الخاص بك في تنقين: ${code}\nصالح لمدة ${minutes} دقائق. لا تشاركه مع أحد.`,
    },
    en: {
      subject: 'Your Tanqin confirmation code',
      lines: [
        `Your confirmation code: ${code}`,
        `It is valid for ${minutes} minutes. Do not share it.`,
      ],
      sms: `Your Tanqin confirmation code: ${code}\nValid for ${minutes} minutes. Do not share it.`,
    },
  });
}

/** `26 نوفمبر 2026 في 3:28 م`, Riyadh time, in the reader's language. */
function longRiyadhTime(at: Date, language: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(at);
}

/** To the account holding a proven national id: another account tried to prove it. */
export function identityProofRefusedMessage(
  last4: string,
  at: Date,
  language: MessageLanguage = null,
) {
  const ar = `جرت في ${longRiyadhTime(at, 'ar')} محاولة لإثبات رقم هويتك المنتهي بـ ${last4} لحساب آخر في تنقين، ورُفضت لأن رقم الهوية مُثبت في حسابك. إن لم تكن أنت، فراجع أمان حسابك لدى مزوّد الهوية.`;
  const en = `On ${longRiyadhTime(at, 'en')}, someone proved your national id ending in ${last4} for another Tanqin account. It was refused: your account holds that national id. If it was not you, check the security of your identity provider account.`;
  return messageIn(language, {
    ar: { subject: 'محاولة لإثبات رقم هويتك', lines: [ar], sms: ar },
    en: { subject: 'An attempt to prove your national id', lines: [en], sms: en },
  });
}

/**
 * To the holder of a locked national id: an organisation asked for a code (`issue`), or tried to
 * use one issued before the lock (`use`), and was refused.
 */
export function lockedIdCodeRefusedMessage(
  organizationName: string,
  last4: string,
  attempt: 'issue' | 'use' = 'issue',
  language: MessageLanguage = null,
) {
  const ar =
    attempt === 'issue'
      ? `طلبت ${organizationName} إصدار رمز لرقم هويتك المنتهي بـ ${last4}، ورُفض الطلب لأن رقم هويتك مقفل. إن كنت تريد ذلك فافتح القفل من لوحة التحكم في تنقين ثم أعد المحاولة لدى الجهة.`
      : `حاولت ${organizationName} استخدام رمز صادر لرقم هويتك المنتهي بـ ${last4}، ورُفضت المحاولة لأن رقم هويتك مقفل، ولم يُستخدم الرمز. إن كنت تريد ذلك فافتح القفل من لوحة التحكم في تنقين ثم أعد المحاولة لدى الجهة.`;
  const en =
    attempt === 'issue'
      ? `${organizationName} asked for a code for your national id ending in ${last4}. It was refused because your national id is locked. If you want it, unlock it on your Tanqin dashboard and try again with them.`
      : `${organizationName} tried to use a code issued for your national id ending in ${last4}. It was refused because your national id is locked, and the code was not used. If you want it, unlock it on your Tanqin dashboard and try again with them.`;
  const issue = attempt === 'issue';
  return messageIn(language, {
    ar: {
      subject: issue ? 'رُفض إصدار رمز لرقم هويتك المقفل' : 'رُفض استخدام رمز لرقم هويتك المقفل',
      lines: [ar],
      sms: ar,
    },
    en: {
      subject: issue
        ? 'A code for your locked national id was refused'
        : 'The use of a code for your locked national id was refused',
      lines: [en],
      sms: en,
    },
  });
}

/** The password-reset link (by mail), valid `minutes` minutes and once. */
export function passwordResetMessage(
  link: string,
  minutes: number,
  language: MessageLanguage = null,
) {
  const { subject, text } = messageIn(language, {
    ar: {
      subject: 'إعادة تعيين كلمة المرور في تنقين',
      lines: [
        `طلبت إعادة تعيين كلمة المرور. افتح الرابط خلال ${minutes} دقيقة (يعمل مرة واحدة):`,
        link,
        'إن لم تطلب ذلك فتجاهل هذه الرسالة.',
      ],
      sms: '',
    },
    en: {
      subject: 'Reset your Tanqin password',
      lines: [
        `You asked to reset your password. Open this link within ${minutes} minutes (it works once):`,
        link,
        'If you did not ask for this, ignore this message.',
      ],
      sms: '',
    },
  });
  return { subject, text };
}

/** What someone tried to do with an address another account already has. */
export type EmailInUseAttempt = 'individual_registration' | 'organization_signup' | 'email_change';

/**
 * To an address that already has an account, instead of the confirmation a new account or a new
 * email would get: someone named it, nothing was created or changed, and what to do if it was
 * them (sign in, or reset the password). The caller's answer is the same whether the address is
 * taken or free; only this mailbox learns which.
 */
export function emailInUseMessage(
  attempt: EmailInUseAttempt,
  links: { signIn: string; resetPassword: string },
  at: Date,
  language: MessageLanguage = null,
) {
  const when = riyadhTime(at);
  const what = {
    individual_registration: {
      ar: 'حاول أحدهم إنشاء حساب فردي جديد في تنقين بعنوان بريدك الإلكتروني هذا',
      en: 'Someone tried to create a new personal Tanqin account with this email address',
    },
    organization_signup: {
      ar: 'حاول أحدهم تسجيل جهة جديدة في تنقين بعنوان بريدك الإلكتروني هذا بريداً لمسؤولها',
      en: "Someone tried to sign a new organisation up on Tanqin with this email address as its admin's",
    },
    email_change: {
      ar: 'حاول أحدهم جعل عنوان بريدك الإلكتروني هذا بريداً لحساب آخر في تنقين',
      en: 'Someone tried to make this email address the email of another Tanqin account',
    },
  }[attempt];
  const { subject, text } = messageIn(language, {
    ar: {
      subject: 'محاولة لاستخدام بريدك الإلكتروني في تنقين',
      lines: [
        `${what.ar} (${when} بتوقيت الرياض). لهذا العنوان حساب في تنقين، فلم يُنشأ حساب جديد ولم يتغير شيء.`,
        `إن كنت أنت فسجّل الدخول إلى حسابك: ${links.signIn}`,
        `أو أعد تعيين كلمة المرور إن نسيتها: ${links.resetPassword}`,
        'إن لم تكن أنت فتجاهل هذه الرسالة، فحسابك لم يتغير.',
      ],
      sms: '',
    },
    en: {
      subject: 'Someone tried to use your email on Tanqin',
      lines: [
        `${what.en} (${when}, Riyadh time). This address already has a Tanqin account, so no account was created and nothing was changed.`,
        `If it was you, sign in to your account: ${links.signIn}`,
        `or reset your password if you forgot it: ${links.resetPassword}`,
        'If it was not you, ignore this message: your account is unchanged.',
      ],
      sms: '',
    },
  });
  return { subject, text };
}
