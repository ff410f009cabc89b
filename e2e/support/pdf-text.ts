import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, read the way a reader's "copy text" reads it: each glyph through its
 * font's ToUnicode map, or the /ActualText the writer gave it. Enough for the files Chromium's
 * print to PDF (Skia) writes: Type0 fonts with two-byte glyph codes, FlateDecode streams, right
 * to left runs marked /ReversedChars. Test support: no reader is installed where the tests run.
 */

interface PdfObject {
  dictionary: string;
  stream?: Buffer;
}

/** Every object, read in file order; streams are sliced by their /Length, never searched. */
function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  let match = header.exec(text);
  while (match) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const streamAt = /\bstream\r?\n/g;
    streamAt.lastIndex = start;
    const stream = streamAt.exec(text);
    if (stream && stream.index < end) {
      const dictionary = text.slice(start, stream.index);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      const dataStart = stream.index + stream[0].length;
      const data = pdf.subarray(dataStart, dataStart + length);
      objects.set(Number(match[1]), {
        dictionary,
        stream: dictionary.includes('/FlateDecode') ? inflateSync(data) : data,
      });
      header.lastIndex = text.indexOf('endobj', dataStart + length);
    } else {
      objects.set(Number(match[1]), { dictionary: text.slice(start, end) });
      header.lastIndex = end;
    }
    match = header.exec(text);
  }
  return objects;
}

const fromHex = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex');
/** A UTF-16BE string (with or without its byte order mark), as ToUnicode and ActualText hold. */
const utf16 = (bytes: Buffer) =>
  Buffer.from(bytes.subarray(bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0))
    .swap16()
    .toString('utf16le');

/** A ToUnicode CMap: glyph code to text (bfchar and bfrange entries). */
function readCmap(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      codes.set(Number.parseInt(code!, 16), utf16(fromHex(text!)));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, first] of block!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const base = Number.parseInt(first!, 16);
      for (let code = Number.parseInt(low!, 16); code <= Number.parseInt(high!, 16); code++) {
        codes.set(code, String.fromCharCode(base + code - Number.parseInt(low!, 16)));
      }
    }
  }
  return codes;
}

type Token = { kind: 'op' | 'name' | 'number' | 'hex' | 'other'; value: string };

/** The tokens of a content stream; literal strings, arrays and dictionaries are kept whole. */
function* tokens(content: string): Generator<Token> {
  const pattern =
    /\/([^\s/<>[\]()]+)|<<|>>|<([0-9A-Fa-f\s]*)>|\((?:\\.|[^\\)])*\)|(-?\d*\.?\d+)|([A-Za-z'"*]+)|(\[|\])/g;
  for (const match of content.matchAll(pattern)) {
    if (match[1] !== undefined) yield { kind: 'name', value: match[1] };
    else if (match[2] !== undefined) yield { kind: 'hex', value: match[2] };
    else if (match[3] !== undefined) yield { kind: 'number', value: match[3] };
    else if (match[4] !== undefined) yield { kind: 'op', value: match[4] };
    else yield { kind: 'other', value: match[0] };
  }
}

export interface PdfLine {
  page: number;
  /** The line as it reads: a right-to-left line's runs in reading order. */
  text: string;
}

/** The lines of text each page draws, top to bottom as the writer emitted them. */
export function pdfLines(pdf: Buffer): PdfLine[] {
  const objects = readObjects(pdf);
  const fontIds = new Map<string, number>();
  for (const { dictionary } of objects.values()) {
    for (const [, fonts] of dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, id] of fonts!.matchAll(/\/(\S+?)\s+(\d+) 0 R/g)) {
        fontIds.set(name!, Number(id));
      }
    }
  }
  const cmapOf = (name: string) => {
    const font = objects.get(fontIds.get(name) ?? -1);
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font?.dictionary ?? '')?.[1];
    const stream = objects.get(Number(toUnicode))?.stream;
    return readCmap(stream?.toString('latin1') ?? '');
  };
  const cmaps = new Map<string, Map<number, string>>();

  const lines: PdfLine[] = [];
  const pages = [...objects.values()].filter(({ dictionary }) =>
    /\/Type \/Page\b(?!s)/.test(dictionary),
  );
  pages.forEach(({ dictionary }, pageIndex) => {
    const contentIds = [
      ...(/\/Contents (\[[^\]]*\]|\d+ 0 R)/.exec(dictionary)?.[1] ?? '').matchAll(/(\d+) 0 R/g),
    ].map(([, id]) => Number(id));
    const content = contentIds.map((id) => objects.get(id)?.stream?.toString('latin1')).join('\n');

    const runs: Array<{ y: number; text: string; isReversed: boolean }> = [];
    let operands: Token[] = [];
    let font = '';
    let y = 0;
    let pieces: string[] = [];
    let isReversed = false;
    // Open marked content: whether it reverses its characters, the text that stands for it.
    const marks: Array<{ isReversed: boolean; actualText?: string; isUsed?: boolean }> = [];
    const show = (hex: string) => {
      const span = marks.findLast((mark) => mark.actualText !== undefined);
      if (span) {
        if (!span.isUsed) pieces.push(span.actualText!);
        span.isUsed = true;
        return;
      }
      if (!cmaps.has(font)) cmaps.set(font, cmapOf(font));
      const cmap = cmaps.get(font)!;
      const bytes = fromHex(hex);
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        pieces.push((cmap.get(bytes.readUInt16BE(i)) ?? '').normalize('NFKC'));
      }
    };
    for (const token of tokens(content)) {
      if (token.kind !== 'op') {
        operands.push(token);
        continue;
      }
      const numbers = operands.filter((o) => o.kind === 'number').map((o) => Number(o.value));
      switch (token.value) {
        case 'BT':
          pieces = [];
          isReversed = marks.some((mark) => mark.isReversed);
          break;
        case 'ET':
          if (pieces.join('')) {
            const ordered = isReversed ? pieces.reverse() : pieces;
            runs.push({ y: Math.round(y), text: ordered.join(''), isReversed });
          }
          break;
        case 'Tf':
          font = operands.find((o) => o.kind === 'name')?.value ?? font;
          break;
        case 'Tm':
          y = numbers[5] ?? y;
          break;
        case 'Td':
          y += numbers[1] ?? 0;
          break;
        case 'Tj':
        case 'TJ':
          for (const operand of operands) if (operand.kind === 'hex') show(operand.value);
          break;
        case 'BMC':
        case 'BDC': {
          const names = operands.filter((o) => o.kind === 'name').map((o) => o.value);
          const hex = operands.find((o) => o.kind === 'hex')?.value;
          const isActual = names.includes('ActualText') && hex !== undefined;
          marks.push({
            isReversed: names.includes('ReversedChars'),
            actualText: isActual ? utf16(fromHex(hex)) : undefined,
          });
          if (names.includes('ReversedChars')) isReversed = true;
          break;
        }
        case 'EMC':
          marks.pop();
          break;
      }
      operands = [];
    }

    // Runs on one baseline form a line; a line of right-to-left runs only reads from its end.
    const byLine = new Map<number, typeof runs>();
    for (const run of runs) byLine.set(run.y, [...(byLine.get(run.y) ?? []), run]);
    for (const lineRuns of byLine.values()) {
      const isRightToLeft = lineRuns.every((run) => run.isReversed || !run.text.trim());
      const ordered = isRightToLeft ? [...lineRuns].reverse() : lineRuns;
      lines.push({
        page: pageIndex + 1,
        text: ordered
          .map((run) => run.text)
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      });
    }
  });
  return lines;
}
