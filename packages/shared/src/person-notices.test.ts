import { describe, expect, it } from 'vitest';
import { type PersonNoticeEvent, personNoticeMessage } from './person-notices.ts';

const used = (n: number): PersonNoticeEvent => ({
  event: 'used',
  body: `بنك ${n}`,
  at: '2026-11-26T10:00:00Z',
  fields: ['full_name', 'iban'],
});
const link = 'https://tanqin.example/dashboard';

describe('the notice of an issue or a use', () => {
  it('tells one event in the person language only, mail and SMS', () => {
    const message = personNoticeMessage([used(1)], 'en', link);
    expect(message.subject).toBe('A code issued for you was used');
    expect(message.text.split('\n')[0]).toBe(
      'بنك 1 used a code issued for you on 26 November 2026 at 13:00 Riyadh time and saw: Full name, IBAN.',
    );
    expect(message.text).not.toContain('استخدمت');
    expect(message.text).not.toContain('full_name');
    const arabic = personNoticeMessage([used(1)], 'ar', link);
    expect(arabic.subject).toBe('استُخدم رمز صادر لك');
    expect(arabic.text.split('\n')[0]).toBe(
      'استخدمت الجهة «بنك 1» رمزاً صادراً لك في 26 نوفمبر 2026 في 1:00 م بتوقيت الرياض، واطّلعت على: الاسم الكامل، رقم الآيبان.',
    );
    expect(arabic.text).not.toMatch(/[A-Za-z]{3,} (used|issued)/);
    expect(message.sms).toMatch(/^Tanqin: بنك 1 used a code/);
    expect(message.sms).not.toContain('استخدمت');
    expect(message.sms).toContain(link);
  });

  it("names an organisation's own field by its name, and never a value", () => {
    const event = {
      ...used(1),
      event: 'issued' as const,
      fields: ['passportNumber', 'blood_type'],
    };
    expect(personNoticeMessage([event], 'ar', link).sms).toContain(
      'يشمل: رقم جواز السفر، blood_type.',
    );
    expect(personNoticeMessage([event], 'en', link).sms).toContain(
      'covering: Passport number, blood_type.',
    );
  });

  it('counts a digest with the Arabic plural forms and lists at most five events', () => {
    const digest = (n: number) =>
      personNoticeMessage(
        Array.from({ length: n }, (_, i) => used(i + 1)),
        'ar',
        link,
      );
    expect(digest(2).text).toContain('نشاط على الرموز الصادرة لك: إشعاران.');
    expect(digest(3).text).toContain(': 3 إشعارات.');
    expect(digest(11).text).toContain(': 11 إشعاراً.');
    expect(digest(100).sms).toMatch(/^تنقين: 100 إشعار على الرموز الصادرة لك، آخرها من «بنك 100»/);
    const lines = digest(8).text.split('\n\n')[0]!.split('\n');
    expect(lines.filter((line) => line.startsWith('- '))).toHaveLength(5);
    expect(lines).toContain('وباقي الإشعارات في سجلّك.');
  });
});
