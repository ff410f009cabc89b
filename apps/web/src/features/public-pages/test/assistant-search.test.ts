import { describe, expect, it } from 'vitest';
import { createAnswerer } from '../assistant/answer-question.ts';
import { knowledgeFor } from '../assistant/knowledge.ts';
import { buildIndex, searchPassages } from '../assistant/search.ts';
import { matchesAllWords, normalizeText, words } from '../lib/normalize-text.ts';
import { termsOf } from '../lib/synonyms.ts';

describe('Arabic normalisation', () => {
  it('drops diacritics and tatweel and unifies alef, ya, ta marbuta and hamza seats', () => {
    expect(normalizeText('الإسْتِدْعَاءُ')).toBe('الاستدعاء');
    expect(normalizeText('تكلفـــة')).toBe('تكلفه');
    expect(normalizeText('أإآٱ')).toBe('اااا');
    expect(normalizeText('مستوى')).toBe('مستوي');
    expect(normalizeText('مسؤول هيئة')).toBe('مسوول هييه');
    expect(normalizeText('كم سعر الاستدعاء؟!')).toBe('كم سعر الاستدعاء');
  });

  it('reads Arabic-Indic digits as Latin and lower-cases English', () => {
    expect(normalizeText('٠٫٠٠٥ ريال')).toBe('0 005 ريال');
    expect(normalizeText('HOW Much?')).toBe('how much');
  });

  it('strips the article and plural endings so forms of a word meet', () => {
    expect(words('الاستدعاءات')).toEqual(words('استدعاء'));
    expect(words('بالرموز')).toEqual(['رموز']);
    expect(words('calls requests')).toEqual(['call', 'request']);
  });

  it('maps synonyms in both languages to one term', () => {
    const [arabicPrice] = termsOf('سعر');
    expect(termsOf('تكلفة')).toEqual([arabicPrice]);
    expect(termsOf('cost')).toEqual([arabicPrice]);
    expect(termsOf('price')).toEqual([arabicPrice]);
    expect(termsOf('الاستدعاء')).toEqual(termsOf('call'));
  });

  it('filters as you type: each typed word starts a word of the text', () => {
    expect(matchesAllWords('كم سعر الاستدعاء؟', 'سع')).toBe(true);
    expect(matchesAllWords('كم سعر الاستدعاء؟', 'الإستدعاء')).toBe(true);
    expect(matchesAllWords('كم سعر الاستدعاء؟', 'مفتاح')).toBe(false);
    expect(matchesAllWords('How much does a call cost?', 'CALL co')).toBe(true);
  });
});

describe('the help assistant', () => {
  const answer = createAnswerer('0.007');

  it.each([
    'how much does a call cost',
    'How much does one call cost?',
    'what is the price per request',
  ])('answers "%s" with the real price, from the English FAQ', (question) => {
    const { language, results } = answer(question);
    expect(language).toBe('en');
    expect(results[0]!.passage.link).toBe('/faq#price');
    expect(results[0]!.passage.text).toContain('0.007 riyal');
  });

  it.each(['كم سعر الاستدعاء', 'كم سعر الإستدعاء؟', 'ما تكلفة الاستدعاء الواحد', 'كم تكلفة الطلب'])(
    'answers «%s» with the real price, from the Arabic FAQ',
    (question) => {
      const { language, results } = answer(question);
      expect(language).toBe('ar');
      expect(results[0]!.passage.link).toBe('/faq#price');
      expect(results[0]!.passage.text).toContain('0.007 ريال');
    },
  );

  it('finds the right passage for other questions', () => {
    expect(answer('متى تنتهي صلاحية الرمز').results[0]!.passage.link).toBe('/faq#expiry');
    expect(answer('who can decrypt my code').results[0]!.passage.link).toBe('/faq#whoDecrypts');
    expect(answer('أين مقر الشركة').results[0]!.passage.link).toBe('/about');
    expect(answer('rate limits').results[0]!.passage.link).toBe('/faq#rateLimits');
  });

  it('has no answer for nonsense or an empty question', () => {
    expect(answer('xyzzy blorf quux').results).toEqual([]);
    expect(answer('بطيخ مشمش برتقال').results).toEqual([]);
    expect(answer('   ؟؟ ').results).toEqual([]);
    expect(answer('what is the').results).toEqual([]);
  });

  it('indexes the FAQ, its own knowledge and the documentation guides in both languages', () => {
    for (const language of ['ar', 'en'] as const) {
      const passages = knowledgeFor(language, '0.005');
      expect(passages.filter((p) => p.id.startsWith('faq:')).length).toBeGreaterThanOrEqual(12);
      expect(passages.some((p) => p.id.startsWith('knowledge:'))).toBe(true);
      expect(passages.some((p) => p.id.startsWith('guide:'))).toBe(true);
      for (const passage of passages) {
        expect(passage.text).not.toMatch(/<[^>]+>|\{\{/);
      }
    }
  });

  it('ranks a passage whose title holds the words above one whose text merely mentions them', () => {
    const index = buildIndex([
      { id: 'a', title: 'Wallet', text: 'Shows the price of each call.', link: '/a', page: 'faq' },
      { id: 'b', title: 'Price of a call', text: 'A flat price.', link: '/b', page: 'faq' },
    ]);
    expect(searchPassages(index, 'call price').map((r) => r.passage.id)).toEqual(['b', 'a']);
  });
});

describe('the way in for individuals', () => {
  const answer = createAnswerer('0.005');

  it.each([
    ['where do I sign in as an individual', 'en'],
    ['How do I log in to my personal account?', 'en'],
    ['أين أسجل الدخول كفرد؟', 'ar'],
    ['كيف أدخل إلى حسابي الشخصي', 'ar'],
  ])('answers «%s» with the personal sign-in page', (question, language) => {
    const result = answer(question);
    expect(result.language).toBe(language);
    expect(result.results[0]!.passage.link).toBe('/login');
  });
});
