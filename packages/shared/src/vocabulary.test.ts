import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specArabicQuotes } from './spec-quotes.ts';

const root = join(import.meta.dirname, '../../..');

/** The "Not" column of the glossary's Arabic vocabulary table: the variants no text may use. */
function bannedVariants(): string[] {
  const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');
  const section = glossary.split('## Arabic vocabulary')[1]?.split(/\n## /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .slice(1) // the header row
    .flatMap((line) => (line.split('|')[3] ?? '').split(','))
    .map((word) => word.trim())
    .filter(Boolean);
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

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.includes('node_modules') && !path.endsWith('vocabulary.test.ts'));
}

describe('Arabic vocabulary', () => {
  const banned = bannedVariants();

  it('reads the banned variants from docs/glossary.md', () => {
    expect(banned).toEqual(expect.arrayContaining(['مؤسسة', 'منشأة', 'مدقق', 'مدير', 'جاري']));
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
        const line = specTexts.reduce((rest, quote) => rest.replaceAll(quote, ''), text);
        for (const word of banned) {
          if (pattern(word).test(line)) found.push(`${path}:${index + 1} uses "${word}"`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('matches a variant in any form but not a different word', () => {
    expect(pattern('مؤسسة').test('لمؤسستك')).toBe(true);
    expect(pattern('جاري').test('جاري الحفظ')).toBe(true);
    expect(pattern('جاري').test('العملية جارية')).toBe(false);
    expect(pattern('جاري').test('رقم السجل التجاري')).toBe(false);
    expect(pattern('مدير').test('راجع المدير')).toBe(true);
    expect(pattern('مدير').test('اطلب من مديرك')).toBe(true);
  });
});
