import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specArabicQuotes } from './spec-quotes.ts';

const root = join(import.meta.dirname, '../../..');

interface VocabularyRow {
  /** The "Not" column: the variants no text may use. */
  banned: string[];
  /** The "Kept in" column: names in which a variant means something else and stays. */
  kept: string[];
}

const cellWords = (cell: string | undefined) =>
  (cell ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** The glossary's Arabic vocabulary table, read from docs/glossary.md. */
function vocabularyRows(): VocabularyRow[] {
  const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');
  const section = glossary.split('## Arabic vocabulary')[1]?.split(/\n## /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .slice(1) // the header row
    .map((line) => line.split('|'))
    .map((cells) => ({ banned: cellWords(cells[3]), kept: cellWords(cells[4]) }))
    .filter((row) => row.banned.length > 0);
}

const LETTER = '\\u0621-\\u064A';
/**
 * A word ending in ة is matched by its stem (مؤسسة, مؤسستك, المؤسسات); any other by the whole
 * word with its usual prefixes and possessive endings (المدير, مديرك), so that جاري catches
 * neither جارية nor التجاري.
 */
function pattern(word: string): RegExp {
  if (word.endsWith('ة')) return new RegExp(word.slice(0, -1), 'u');
  return new RegExp(
    `(?<![${LETTER}])(?:وال|بال|فال|لل|ال|و|ب|ف|ل)?${word}(?:ك|كم|ها|ه|نا)?(?![${LETTER}])`,
    'u',
  );
}

const SCANNED = ['packages/shared/src', 'apps/web/src', 'apps/api/src', 'e2e'];
const TEXT_FILE = /\.(ts|tsx|json)$/;

/** The variants a line uses, once the spec's exact texts and the names that keep one are set aside. */
function variantsIn(text: string, rows: VocabularyRow[], specTexts: string[]): string[] {
  const line = specTexts.reduce((rest, quote) => rest.replaceAll(quote, ''), text);
  return rows.flatMap((row) => {
    const rest = row.kept.reduce((part, name) => part.replaceAll(name, ''), line);
    return row.banned.filter((word) => pattern(word).test(rest));
  });
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.includes('node_modules') && !path.endsWith('vocabulary.test.ts'));
}

describe('Arabic vocabulary', () => {
  const rows = vocabularyRows();
  const banned = rows.flatMap((row) => row.banned);

  it('reads the banned variants and the names that keep one from docs/glossary.md', () => {
    expect(banned).toEqual(
      expect.arrayContaining([
        'مؤسسة',
        'منشأة',
        'منشآت',
        'مدقق',
        'مدير',
        'جاري',
        'صاحب الرمز',
        'صاحب البيانات',
      ]),
    );
  });

  it('keeps every banned variant out of the message tables, translations, screens and emails', () => {
    // The specification's exact texts stand as it wrote them (spec-messages.test.ts holds them).
    const specTexts = specArabicQuotes().filter((text) =>
      banned.some((w) => pattern(w).test(text)),
    );
    const found: string[] = [];
    for (const path of SCANNED.flatMap(filesUnder)) {
      const lines = readFileSync(join(root, path), 'utf8').split('\n');
      lines.forEach((text, index) => {
        for (const word of variantsIn(text, rows, specTexts)) {
          found.push(`${path}:${index + 1} uses "${word}"`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it("sets aside exactly the spec's texts and the kept names, not the same word elsewhere", () => {
    const person = { banned: ['عميل', 'مؤسسة'], kept: ['معرّف العميل'] };
    const spec = ['اسم المؤسسة مطلوب'];
    expect(variantsIn('انسخ معرّف العميل', [person], spec)).toEqual([]);
    expect(variantsIn('اطلب من العميل رمزاً', [person], spec)).toEqual(['عميل']);
    expect(variantsIn('اسم المؤسسة مطلوب', [person], spec)).toEqual([]);
    expect(variantsIn('اسم المؤسسة إلزامي', [person], spec)).toEqual(['مؤسسة']);
  });

  it('matches a variant in any form but not a different word', () => {
    // The person is الفرد: a phrase for the same person is found with its prefixes too.
    expect(pattern('صاحب الرمز').test('اطلب من صاحب الرمز رمزاً')).toBe(true);
    expect(pattern('صاحب الرمز').test('لصاحب الرمز')).toBe(true);
    expect(pattern('صاحب البيانات').test('بواسطة صاحب البيانات نفسه')).toBe(true);
    expect(pattern('مؤسسة').test('لمؤسستك')).toBe(true);
    expect(pattern('جاري').test('جاري الحفظ')).toBe(true);
    expect(pattern('جاري').test('العملية جارية')).toBe(false);
    expect(pattern('جاري').test('رقم السجل التجاري')).toBe(false);
    expect(pattern('مدير').test('راجع المدير')).toBe(true);
    expect(pattern('مدير').test('اطلب من مديرك')).toBe(true);
  });
});
