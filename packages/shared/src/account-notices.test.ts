import { describe, expect, it } from 'vitest';
import {
  accountNoticeMessage,
  contactCodeMessage,
  emailInUseMessage,
  identityProofRefusedMessage,
  lockedIdCodeRefusedMessage,
  maskedAddress,
  passwordResetMessage,
  registrationCodeMessage,
} from './account-notices.ts';

describe('security notices', () => {
  const at = new Date('2026-11-26T21:30:00Z');

  it('say when in Riyadh time and from where, with the country in each language', () => {
    const { subject, text, sms } = accountNoticeMessage(
      { kind: 'contact_change_requested', channel: 'email', newAddress: 'new.person@example.sa' },
      { at, ip: '81.2.69.160', country: 'GB' },
    );
    expect(subject).toBe(
      'تنقين: طلب تغيير بريدك الإلكتروني / Tanqin: A change of your email was asked',
    );
    expect(text).toContain('n***@example.sa');
    expect(text).not.toContain('new.person');
    // 21:30 UTC is 00:30 the next day in Riyadh.
    expect(text).toContain('الوقت: 2026-11-27 00:30 بتوقيت الرياض');
    expect(text).toContain('Time: 2026-11-27 00:30 (Riyadh time)');
    expect(text).toContain('العنوان: 81.2.69.160 (المملكة المتحدة)');
    expect(text).toContain('Address: 81.2.69.160 (United Kingdom)');
    expect(sms).toContain('2026-11-27 00:30 - 81.2.69.160');
  });

  it('name the device of a new sign-in, and work without an address', () => {
    const { text } = accountNoticeMessage(
      {
        kind: 'new_device_sign_in',
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
      },
      { at, ip: null },
    );
    expect(text).toContain('من جهاز جديد (Safari / iOS)');
    expect(text).toContain('Address: -');
  });

  it('mask a phone and an email, and put the code in its message', () => {
    expect(maskedAddress('0512345678')).toBe('05******78');
    expect(maskedAddress('sara@example.sa')).toBe('s***@example.sa');
    for (const message of [
      contactCodeMessage('042917', 10),
      registrationCodeMessage('042917', 10),
    ]) {
      expect(message.sms).toContain('042917');
      expect(message.sms).toContain('10 دقائق');
      expect(message.text).toContain('042917');
      expect(message.text).toContain('10 دقائق');
      expect(message.text).toContain('10 minutes');
    }
  });
});

describe('every message to a person in their language', () => {
  const at = new Date('2026-11-26T10:00:00Z');
  const arabic = /[\u0600-\u06ff]/;
  const english = /\b(the|your|Your|Tanqin)\b/;
  const kinds = {
    registration: (language: 'ar' | 'en' | null) => registrationCodeMessage('042917', 10, language),
    contact: (language: 'ar' | 'en' | null) => contactCodeMessage('042917', 10, language),
    notice: (language: 'ar' | 'en' | null) =>
      accountNoticeMessage({ kind: 'password_changed' }, { at, ip: '81.2.69.160' }, language),
    reset: (language: 'ar' | 'en' | null) => ({
      ...passwordResetMessage('https://t.example/r', 30, language),
      sms: '',
    }),
    proof: (language: 'ar' | 'en' | null) => identityProofRefusedMessage('5678', at, language),
    locked: (language: 'ar' | 'en' | null) =>
      lockedIdCodeRefusedMessage('Bank', '5678', 'use', language),
    inUse: (language: 'ar' | 'en' | null) => ({
      ...emailInUseMessage(
        'email_change',
        { signIn: 'https://t.example/login', resetPassword: 'https://t.example/forgot-password' },
        at,
        language,
      ),
      sms: '',
    }),
  };

  it.each(Object.keys(kinds) as (keyof typeof kinds)[])(
    '%s: Arabic only, English only, or both (Arabic first) where none is known',
    (kind) => {
      const make = kinds[kind];
      const ar = make('ar');
      for (const part of [ar.subject, ar.text, ar.sms].filter(Boolean)) {
        expect(part).toMatch(arabic);
        expect(part).not.toMatch(english);
      }
      const en = make('en');
      for (const part of [en.subject, en.text, en.sms].filter(Boolean)) {
        expect(part).toMatch(english);
        expect(part).not.toMatch(arabic);
      }
      const both = make(null);
      expect(both.subject).toBe(`${ar.subject} / ${en.subject}`);
      expect(both.text).toBe(`${ar.text}\n\n${en.text}`);
    },
  );
});
