import { afterAll, describe, expect, it } from 'vitest';
import i18n, { LANGUAGE_STORAGE_KEY, loadLanguage, namespaceOf, setLanguage } from '../lib/i18n.ts';

type Tree = Record<string, unknown>;
const arabic = import.meta.glob<Tree>('./ar/*.json', { eager: true, import: 'default' });
const english = import.meta.glob<Tree>('./en/*.json', { eager: true, import: 'default' });

const fileName = (path: string) => path.replace(/^.*\//, '');
const byName = (files: Record<string, Tree>) =>
  new Map(Object.entries(files).map(([path, tree]) => [fileName(path), tree]));

/** Every leaf as "a.b.c" (list items as "a.0"), with the leaf's value. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const arFiles = byName(arabic);
const enFiles = byName(english);

describe('translation files', () => {
  it('has an English file for every Arabic one and no English file without Arabic', () => {
    expect([...enFiles.keys()].sort()).toEqual([...arFiles.keys()].sort());
  });

  describe.each([...new Set([...arFiles.keys(), ...enFiles.keys()])].sort())('%s', (name) => {
    const ar = arFiles.get(name) ?? {};
    const en = enFiles.get(name) ?? {};

    it('has exactly the same keys in Arabic and English', () => {
      // Arabic has six plural forms and English two: compare the word, not its forms.
      const keysOf = (tree: Tree) => [
        ...new Set(leaves(tree).map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, ''))),
      ];
      const arKeys = keysOf(ar);
      const enKeys = keysOf(en);
      expect({ missingInEnglish: arKeys.filter((key) => !enKeys.includes(key)) }).toEqual({
        missingInEnglish: [],
      });
      expect({ missingInArabic: enKeys.filter((key) => !arKeys.includes(key)) }).toEqual({
        missingInArabic: [],
      });
    });

    it('has no empty value in either language', () => {
      const empty = [...leaves(ar).map((l) => ['ar', ...l]), ...leaves(en).map((l) => ['en', ...l])]
        .filter(([, , value]) => typeof value !== 'string' || value.trim() === '')
        .map(([language, key]) => `${language}:${key}`);
      expect(empty).toEqual([]);
    });

    it('uses the same {{placeholders}} in both languages', () => {
      const placeholders = (value: unknown) =>
        [...String(value).matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]).sort();
      const enValues = new Map(leaves(en));
      const differing = leaves(ar)
        .filter(([key]) => enValues.has(key))
        .filter(
          ([key, value]) =>
            // Plural forms may leave the number out ("استدعاء واحد" / "One call").
            !/_(zero|one|two|few|many|other)$/.test(key) &&
            placeholders(value).join() !== placeholders(enValues.get(key)).join(),
        )
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  });
});

describe('English at run time', () => {
  afterAll(async () => {
    await i18n.changeLanguage('ar');
  });

  it('loads every namespace in English on demand and remembers the choice', async () => {
    await setLanguage('en');
    await loadLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    // The server reads it from the cookie to send the landing page in English.
    expect(document.cookie).toMatch(/(^|; )lang=en(;|$)/);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    for (const path of Object.keys(english)) {
      expect(i18n.hasResourceBundle('en', namespaceOf(path))).toBe(true);
    }
    expect(i18n.t('landing:header.login')).toBe('Sign in');
  });

  it('throws on a key missing in English instead of showing the Arabic', async () => {
    await setLanguage('en');
    i18n.addResource('ar', 'common', 'onlyInArabic', 'نص عربي فقط');
    expect(() => i18n.t('common:onlyInArabic')).toThrow(/Missing translation key/);
  });

  it('switches back to Arabic, right to left', async () => {
    await setLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.cookie).toMatch(/(^|; )lang=ar(;|$)/);
    expect(i18n.t('landing:header.login')).toBe('تسجيل الدخول');
  });
});

describe('counts through the plural rules', () => {
  afterAll(async () => {
    await setLanguage('ar');
  });

  it('agrees the counted word with the number in Arabic', async () => {
    await setLanguage('ar');
    await loadLanguage('ar');
    const usage = (count: number) =>
      i18n.t('apiKeys:card.usageOfLimit', { count, used: '0', limit: String(count) });
    expect([0, 1, 2, 10, 11, 100].map(usage)).toEqual([
      '0 من 0 طلب',
      '0 من طلب واحد',
      '0 من طلبين',
      '0 من 10 طلبات',
      '0 من 11 طلباً',
      '0 من 100 طلب',
    ]);
    const repeated = (count: number) =>
      i18n.t('security:events.occurrences', { count, value: String(count) });
    expect([2, 3, 12].map(repeated)).toEqual(['تكرر مرتين', 'تكرر 3 مرات', 'تكرر 12 مرة']);
    expect(i18n.t('wallet:chart.empty', { count: 7, days: 7 })).toBe(
      'لا توجد استدعاءات خلال آخر 7 أيام',
    );
  });

  it('says one and many in English', async () => {
    await setLanguage('en');
    await loadLanguage('en');
    expect(i18n.t('apiKeys:card.usageOfLimit', { count: 1, used: '0', limit: '1' })).toBe(
      '0 of 1 request',
    );
    expect(i18n.t('security:events.occurrences', { count: 2, value: '2' })).toBe(
      'Repeated 2 times',
    );
  });
});
