/**
 * A minimal PDF 1.7 writer for pages that are one image each (8-bit grey, zlib-deflated) plus
 * clickable link areas. The pages come from the browser's own rendering, so Arabic shaping and
 * bidirectional text are exactly what the screen shows; this file only packs the bytes.
 */
export interface PdfLink {
  /** Top-left origin, in points. */
  x: number;
  y: number;
  width: number;
  height: number;
  uri: string;
}

export interface PdfPage {
  widthPt: number;
  heightPt: number;
  image: { width: number; height: number; deflatedGray: Uint8Array };
  links: PdfLink[];
}

export interface PdfInfo {
  title: string;
  /** BCP 47 language of the text, for readers and assistive technology. */
  lang: string;
  createdAt: Date;
}

const encoder = new TextEncoder();
const num = (value: number) => String(Math.round(value * 100) / 100);

/** A text string as UTF-16BE with its byte order mark, the one encoding any reader accepts. */
function textString(text: string) {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) {
    hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  }
  return `<${hex}>`;
}

/** An ASCII literal string (URIs), with the three characters PDF needs escaped. */
function asciiString(text: string) {
  const ascii = encodeURI(decodeURI(text)).replace(/[\\()]/g, (c) => `\\${c}`);
  return `(${ascii})`;
}

function pdfDate(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(
    date.getUTCHours(),
  )}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

export function buildPdf(pages: PdfPage[], info: PdfInfo): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const offsets: number[] = [];
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${body}`);
    if (stream) {
      write('\nstream\n');
      write(stream);
      write('\nendstream');
    }
    write('\nendobj\n');
  };

  // The second line's high bytes tell transfer tools the file is binary.
  write(new Uint8Array([...encoder.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));

  const pageIds: number[] = [];
  let nextId = 4;
  const layout = pages.map((page) => {
    const ids = { page: nextId++, contents: nextId++, image: nextId++, links: [] as number[] };
    for (let i = 0; i < page.links.length; i++) ids.links.push(nextId++);
    pageIds.push(ids.page);
    return ids;
  });

  object(
    1,
    `<< /Type /Catalog /Pages 2 0 R /Lang ${textString(info.lang)} ` +
      '/ViewerPreferences << /Direction /R2L /DisplayDocTitle true >> >>',
  );
  object(
    2,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  object(
    3,
    `<< /Title ${textString(info.title)} /Producer ${textString('Tanqin')} ` +
      `/CreationDate (${pdfDate(info.createdAt)}) >>`,
  );

  pages.forEach((page, index) => {
    const ids = layout[index]!;
    const annots = ids.links.length
      ? ` /Annots [${ids.links.map((id) => `${id} 0 R`).join(' ')}]`
      : '';
    object(
      ids.page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.widthPt)} ${num(page.heightPt)}] ` +
        `/Resources << /XObject << /Im0 ${ids.image} 0 R >> >> /Contents ${ids.contents} 0 R${annots} >>`,
    );
    const contents = encoder.encode(
      `q ${num(page.widthPt)} 0 0 ${num(page.heightPt)} 0 0 cm /Im0 Do Q`,
    );
    object(ids.contents, `<< /Length ${contents.length} >>`, contents);
    object(
      ids.image,
      `<< /Type /XObject /Subtype /Image /Width ${page.image.width} /Height ${page.image.height} ` +
        '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode ' +
        `/Length ${page.image.deflatedGray.length} >>`,
      page.image.deflatedGray,
    );
    page.links.forEach((link, linkIndex) => {
      const top = page.heightPt - link.y;
      const rect = [link.x, top - link.height, link.x + link.width, top].map(num).join(' ');
      object(
        ids.links[linkIndex]!,
        `<< /Type /Annot /Subtype /Link /Rect [${rect}] /Border [0 0 0] ` +
          `/A << /S /URI /URI ${asciiString(link.uri)} >> >>`,
      );
    });
  });

  const xrefOffset = length;
  const size = nextId;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) {
    xref += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  write(xref);
  write(`trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
