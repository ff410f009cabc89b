import { describe, expect, it } from 'vitest';
import { type SummarizedEvent, summarizeSecurityEvent } from './event-summary.ts';

const names = {
  ar: new Intl.DisplayNames(['ar'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};
const tell = (event: Partial<SummarizedEvent>, language: 'ar' | 'en') =>
  summarizeSecurityEvent(
    {
      event_type: 'suspicious_activity',
      client_ip: '203.0.113.9',
      api_key_name: null,
      request_path: '/v1/tokens/verify',
      additional_data: null,
      ...event,
    },
    language,
    (code) => names[language].of(code) ?? code,
  ).replace(/[\u2068\u2069]/g, '');

describe('security event summaries', () => {
  it('tell each cause of suspicious activity its own way, in either language', () => {
    const auth = { additional_data: { failure: 'authentication' } };
    const verify = { additional_data: { failure: 'verification' } };
    const audience = { additional_data: { token_id: 'tok_x', presented_by: 'tqc_y' } };
    expect(tell(auth, 'ar')).toBe('محاولات مصادقة فاشلة متتالية من 203.0.113.9');
    expect(tell(auth, 'en')).toBe('A burst of failed authentications from 203.0.113.9');
    expect(tell(verify, 'en')).toContain('codes that do not exist');
    expect(tell(audience, 'ar')).toContain('قدّمت جهة أخرى رمزاً غير موجه إليها');
    const spread = (failure: string) => ({
      client_ip: null,
      additional_data: { failure, spread: 'organization' },
    });
    expect(tell(spread('authentication'), 'en')).toBe(
      'A burst of failed authentications against your organisation, from any addresses',
    );
    expect(tell(spread('verification'), 'ar')).toContain('من عناوين مختلفة');
    const texts = [auth, verify, audience, spread('authentication'), spread('verification')];
    expect(new Set(texts.map((event) => tell(event, 'ar'))).size).toBe(5);
  });

  it('names the country in the reader language', () => {
    const geo = { event_type: 'geo_blocked' as const, additional_data: { country: 'GB' } };
    expect(tell(geo, 'en')).toContain('(United Kingdom)');
    expect(tell(geo, 'en')).not.toMatch(/[\u0600-\u06FF]/);
    expect(tell(geo, 'ar')).toContain('المملكة المتحدة');
  });

  it('tells a misuse report by the part the organisation played, with the revoke and the note', () => {
    const report = (role: string, extra: Record<string, unknown> = {}) => ({
      event_type: 'misuse_reported' as const,
      client_ip: null,
      request_path: null,
      additional_data: { token_id: 'tok_abc', role, revoked: false, note: null, ...extra },
    });
    expect(tell(report('issued'), 'ar')).toBe(
      'أبلغ صاحب رقم الهوية عن إساءة استخدام: الرمز tok_abc الذي أصدرته جهتك لم يكن بطلبه',
    );
    expect(tell(report('used'), 'en')).toBe(
      'The holder of the national id reported misuse: they did not give your organisation the code tok_abc it used',
    );
    expect(tell(report('addressed'), 'ar')).toContain('الموجّه إلى جهتك');
    expect(tell(report('issued_used'), 'en')).toContain('your organisation issued and used');
    const revoked = report('issued', { revoked: true, note: 'كنت خارج البلاد' });
    expect(tell(revoked, 'ar')).toMatch(/، وأُلغي الرمز\. ملاحظته: «كنت خارج البلاد»$/);
    expect(tell(revoked, 'en')).toMatch(/; the code was revoked\. Their note: “كنت خارج البلاد”$/);
  });
});
