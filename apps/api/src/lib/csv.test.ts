import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

/** What a spreadsheet with list separator `separator` makes of one exported cell. */
function partsAfterSplitting(cell: string, separator: string) {
  const text = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
  return text.split(separator);
}

const HOSTILE = [
  '=1+1',
  'a;=1+1;b',
  'a,=1+1,b',
  'a\t=1+1\tb',
  'a; =1+1',
  'a،=1+1',
  'a؛@SUM(A1)',
  '+cmd|calc',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1',
  '\r=1',
  ' =1',
  'x;;+1',
  'x\n=1',
];

describe('csvCell', () => {
  it.each(HOSTILE)('leaves no part of %j that a spreadsheet would run', (value) => {
    const cell = csvCell(value);
    for (const separator of [',', ';', '\t', '\n', '\u060c', '\u061b']) {
      for (const part of partsAfterSplitting(cell, separator)) {
        expect(
          part.trimStart(),
          `${JSON.stringify(cell)} split at ${JSON.stringify(separator)}`,
        ).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it('keeps ordinary text as it is, quoting only what must be quoted', () => {
    expect(csvCell('Bank of Riyadh')).toBe('Bank of Riyadh');
    expect(csvCell('الاسم الكامل، تاريخ الميلاد')).toBe('الاسم الكامل، تاريخ الميلاد');
    expect(csvCell('a-b=c')).toBe('a-b=c');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('a;=1+1;b')).toBe(`"a;'=1+1;b"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-11-28T00:00:00Z'))).toBe('2026-11-28T00:00:00.000Z');
  });
});
