import { describe, expect, it } from 'vitest';
import {
  accountNoticeMessage,
  contactCodeMessage,
  maskedAddress,
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
