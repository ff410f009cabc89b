import { describe, expect, it } from 'vitest';
import arFaq from '../../../locales/ar/faq.json';
import enFaq from '../../../locales/en/faq.json';

/**
 * Words a person who is not a developer should not meet in an answer written for them: API
 * vocabulary, status numbers, error codes, algorithm and format names.
 */
const DEVELOPER_TERMS =
  /\b(API|endpoints?|tokens?|token_\w+|scopes?|HTTP|REST|JSON|OAuth|TOTP|AES[\w-]*|Base32|Crockford|CIDR|HMAC|hash(ed)?|ciphertext|client id)\b|\/v1|\b[45]\d\d\b|واجهة|التجزئة|النص المشفّر|معرّف عميل/i;

describe.each([
  ['ar', arFaq],
  ['en', enFaq],
])('the %s FAQ', (_language, faq) => {
  const forIndividuals = faq.items.filter((item) => item.audience === 'individuals');

  it('marks every answer as for individuals or for organisations', () => {
    for (const item of faq.items) expect(['individuals', 'organizations']).toContain(item.audience);
    expect(forIndividuals.map((item) => item.id)).toEqual(
      expect.arrayContaining([
        'howCodesWork',
        'stored',
        'twoFactor',
        'documents',
        'revoke',
        'trail',
      ]),
    );
  });

  it.each(forIndividuals.map((item) => [item.id, item.a]))(
    'answers %s for individuals in plain words, without developer terms',
    (_id, answer) => {
      expect(answer).not.toMatch(DEVELOPER_TERMS);
    },
  );
});
