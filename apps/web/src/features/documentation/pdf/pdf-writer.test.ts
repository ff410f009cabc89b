import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPdf } from './pdf-writer.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function page(links = 0) {
  const gray = new Uint8Array(4 * 3).fill(255);
  return {
    widthPt: 595.28,
    heightPt: 841.89,
    image: { width: 4, height: 3, deflatedGray: new Uint8Array(deflateSync(gray)) },
    links: Array.from({ length: links }, (_, i) => ({
      x: 10,
      y: 20 + i * 30,
      width: 100,
      height: 12,
      uri: `https://tanqin.example.sa/docs?x=(${i})`,
    })),
  };
}

describe('the PDF writer', () => {
  const bytes = buildPdf([page(2), page()], {
    title: 'البدء السريع | تنقين',
    lang: 'ar',
    createdAt: new Date('2026-01-15T09:30:00Z'),
  });
  const text = latin1(bytes);

  it('writes a PDF 1.7 file with a binary marker and an end of file', () => {
    expect(text.startsWith('%PDF-1.7\n%')).toBe(true);
    expect(bytes[10]).toBeGreaterThan(127);
    expect(text.endsWith('%%EOF\n')).toBe(true);
  });

  it('points every cross-reference entry at its object', () => {
    const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF\n$/)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, count] = text.slice(startxref).match(/^xref\n0 (\d+)\n/)!;
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(3, 2 + Number(count));
    entries.forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
    });
    expect(text).toContain(`trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R >>`);
  });

  it('has one page per image, right-to-left reading order, and an Arabic title', () => {
    expect(text.match(/\/Type \/Page /g)).toHaveLength(2);
    expect(text).toContain('/Count 2');
    expect(text).toContain('/Direction /R2L');
    // UTF-16BE with a byte order mark: "ا" is U+0627.
    expect(text).toMatch(/\/Title <FEFF0627/);
    expect(text).toContain('/CreationDate (D:20260115093000Z)');
  });

  it('keeps each image stream intact, with its exact length', () => {
    const match = text.match(/\/FlateDecode \/Length (\d+) >>\nstream\n/)!;
    const start = match.index! + match[0].length;
    const stream = bytes.subarray(start, start + Number(match[1]));
    expect(inflateSync(stream)).toEqual(Buffer.alloc(12, 255));
    expect(latin1(bytes.subarray(start + Number(match[1]), start + Number(match[1]) + 10))).toBe(
      '\nendstream',
    );
  });

  it('makes links clickable, measured from the bottom of the page, with escaped addresses', () => {
    expect(text.match(/\/Subtype \/Link/g)).toHaveLength(2);
    expect(text).toContain('/Rect [10 809.89 110 821.89]');
    expect(text).toContain('/URI (https://tanqin.example.sa/docs?x=\\(0\\))');
  });
});
