/**
 * Draws a guide onto A4 page canvases with the browser's own text engine.
 *
 * Why not a PDF library: the ones that lay text out themselves (jsPDF, pdfmake, pdfkit) shape
 * Arabic poorly or not at all and reverse Latin words inside Arabic sentences, and html2canvas
 * splits Arabic words into unjoined letters. Here the browser lays out a copy of the guide at
 * page width, and each line of each text node is drawn with one `fillText` call, so Chromium's
 * own shaping and bidirectional algorithm produce exactly what the screen shows.
 */

export interface PageGeometry {
  /** CSS pixels; A4 is 793.7 x 1122.5. */
  width: number;
  height: number;
  marginX: number;
  marginTop: number;
  marginBottom: number;
  /** Device pixels per CSS pixel in the output image. */
  scale: number;
}

export const A4: PageGeometry = {
  width: 793.7,
  height: 1122.5,
  marginX: 52,
  marginTop: 52,
  marginBottom: 64,
  scale: 2,
};

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Box extends Area {
  fill: string | null;
  radius: number;
  borders: Array<{ side: 'top' | 'right' | 'bottom' | 'left'; width: number; color: string }>;
}

interface TextLine extends Area {
  text: string;
  font: string;
  color: string;
  direction: 'ltr' | 'rtl';
  isUnderlined: boolean;
}

export interface RenderedPage {
  canvas: HTMLCanvasElement;
  /** Link areas in CSS pixels of the page, top-left origin. */
  links: Array<Area & { uri: string }>;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const isVisibleColor = (color: string) =>
  color !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(color) && !/\/\s*0\)$/.test(color);

/** The copy the PDF is drawn from: page width, no buttons, link addresses written out. */
function prepareCopy(source: HTMLElement, contentWidth: number) {
  const container = document.createElement('div');
  container.className = 'doc-pdf';
  container.dir = 'rtl';
  container.lang = 'ar';
  container.setAttribute('aria-hidden', 'true');
  container.style.width = `${contentWidth}px`;
  const copy = source.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('[data-pdf-hide]')) element.remove();
  for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
  for (const link of copy.querySelectorAll<HTMLAnchorElement>('a[data-print-href]')) {
    const address = document.createElement('span');
    address.className = 'doc-link-address ltr-island';
    address.dir = 'ltr';
    address.textContent = `(${link.dataset.printHref})`;
    link.after(address);
  }
  container.append(copy);
  document.body.append(container);
  return { container, copy };
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Splits a text node into its visual lines: one entry per line, with the line's area. */
function textLines(node: Text, origin: DOMRect) {
  const text = node.data;
  const range = document.createRange();
  const pieces: Array<{ start: number; end: number; rect: DOMRect }> = [];
  const place = (start: number, end: number) => {
    range.setStart(node, start);
    range.setEnd(node, end);
    const rect = range.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) pieces.push({ start, end, rect });
  };
  for (const match of text.matchAll(/\S+/g)) {
    const start = match.index;
    const end = start + match[0].length;
    range.setStart(node, start);
    range.setEnd(node, end);
    if (range.getClientRects().length <= 1) {
      place(start, end);
    } else {
      // A word (an address, a long key) broken over lines: place it grapheme by grapheme.
      for (const { index, segment } of segmenter.segment(match[0])) {
        place(start + index, start + index + segment.length);
      }
    }
  }
  const lines: Array<{ start: number; end: number } & Area> = [];
  for (const { start, end, rect } of pieces) {
    const line = lines.at(-1);
    if (line && Math.abs(rect.top - origin.top - line.y) < rect.height / 2) {
      const right = Math.max(line.x + line.width, rect.right - origin.left);
      line.x = Math.min(line.x, rect.left - origin.left);
      line.width = right - line.x;
      line.height = Math.max(line.height, rect.height);
      line.end = end;
    } else {
      lines.push({
        start,
        end,
        x: rect.left - origin.left,
        y: rect.top - origin.top,
        width: rect.width,
        height: rect.height,
      });
    }
  }
  return lines;
}

/** Reads what to draw from the laid-out copy: boxes, text lines, links, headings. */
function collect(copy: HTMLElement) {
  const origin = copy.getBoundingClientRect();
  const relative = (rect: DOMRect): Area => ({
    x: rect.left - origin.left,
    y: rect.top - origin.top,
    width: rect.width,
    height: rect.height,
  });
  const boxes: Box[] = [];
  const texts: TextLine[] = [];
  const links: Array<Area & { uri: string }> = [];
  const headings: Area[] = [];

  const visit = (element: Element, isInLink: boolean) => {
    if (element instanceof SVGElement) return;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    const area = relative(element.getBoundingClientRect());
    const borders = SIDES.flatMap((side) => {
      const width = Number.parseFloat(style.getPropertyValue(`border-${side}-width`));
      const color = style.getPropertyValue(`border-${side}-color`);
      const lineStyle = style.getPropertyValue(`border-${side}-style`);
      return width > 0 && lineStyle !== 'none' && isVisibleColor(color)
        ? [{ side, width, color }]
        : [];
    });
    const fill = isVisibleColor(style.backgroundColor) ? style.backgroundColor : null;
    if (fill || borders.length) {
      boxes.push({
        ...area,
        fill,
        borders,
        radius: Number.parseFloat(style.borderTopLeftRadius) || 0,
      });
    }
    const isLink = element instanceof HTMLAnchorElement && Boolean(element.dataset.printHref);
    if (isLink) {
      const uri = (element as HTMLAnchorElement).dataset.printHref!;
      for (const rect of element.getClientRects()) links.push({ ...relative(rect), uri });
    }
    if (/^H[1-6]$/.test(element.tagName)) headings.push(area);
    if (element.tagName === 'LI' && style.listStyleType === 'disc') {
      // List markers are not text nodes: draw the disc beside the first line, on the start side.
      const lineHeight =
        Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
      const size = Number.parseFloat(style.fontSize) * 0.3;
      const x = style.direction === 'rtl' ? area.x + area.width + 10 : area.x - 10 - size;
      boxes.push({
        x,
        y: area.y + lineHeight / 2 - size / 2,
        width: size,
        height: size,
        fill: style.color,
        radius: size / 2,
        borders: [],
      });
    }
    const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const isPreformatted = /^pre|break-spaces/.test(style.whiteSpace);
    for (const child of element.childNodes) {
      if (child instanceof Element) {
        visit(child, isInLink || isLink);
      } else if (child instanceof Text && child.data.trim()) {
        for (const line of textLines(child, origin)) {
          const raw = child.data.slice(line.start, line.end);
          texts.push({
            ...line,
            text: isPreformatted ? raw : raw.replace(/\s+/g, ' '),
            font,
            color: style.color,
            direction: style.direction === 'rtl' ? 'rtl' : 'ltr',
            isUnderlined: isInLink || isLink,
          });
        }
      }
    }
  };
  visit(copy, false);
  return { boxes, texts, links, headings, height: origin.height };
}

/** Page ranges that never cut a line of text in two and never leave a heading at a page's foot. */
function paginate(
  height: number,
  pageHeight: number,
  texts: Area[],
  headings: Area[],
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  while (start < height - 1) {
    let end = Math.min(start + pageHeight, height);
    if (end < height) {
      for (const heading of headings) {
        const bottom = heading.y + heading.height;
        if (heading.y > start && bottom <= end && end - bottom < 72) end = heading.y - 6;
      }
      let isMoved = true;
      while (isMoved) {
        isMoved = false;
        for (const line of texts) {
          if (line.y > start && line.y < end && line.y + line.height > end) {
            end = line.y - 2;
            isMoved = true;
          }
        }
      }
      if (end - start < pageHeight / 3) end = start + pageHeight;
    }
    ranges.push([start, end]);
    start = end;
  }
  return ranges;
}

function drawBox(ctx: CanvasRenderingContext2D, box: Box) {
  if (box.fill) {
    ctx.fillStyle = box.fill;
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.width, box.height, box.radius);
    ctx.fill();
  }
  const isFullFrame =
    box.borders.length === 4 && box.borders.every((b) => b.width === box.borders[0]!.width);
  if (isFullFrame) {
    const { width, color } = box.borders[0]!;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.roundRect(
      box.x + width / 2,
      box.y + width / 2,
      box.width - width,
      box.height - width,
      box.radius,
    );
    ctx.stroke();
    return;
  }
  for (const { side, width, color } of box.borders) {
    ctx.fillStyle = color;
    if (side === 'top') ctx.fillRect(box.x, box.y, box.width, width);
    if (side === 'bottom') ctx.fillRect(box.x, box.y + box.height - width, box.width, width);
    if (side === 'left') ctx.fillRect(box.x, box.y, width, box.height);
    if (side === 'right') ctx.fillRect(box.x + box.width - width, box.y, width, box.height);
  }
}

function drawText(ctx: CanvasRenderingContext2D, line: TextLine) {
  ctx.font = line.font;
  ctx.fillStyle = line.color;
  ctx.direction = line.direction;
  ctx.textAlign = line.direction === 'rtl' ? 'right' : 'left';
  ctx.textBaseline = 'alphabetic';
  const metrics = ctx.measureText(line.text);
  const ascent = metrics.fontBoundingBoxAscent;
  const contentHeight = ascent + metrics.fontBoundingBoxDescent;
  const baseline = line.y + (line.height - contentHeight) / 2 + ascent;
  const x = line.direction === 'rtl' ? line.x + line.width : line.x;
  ctx.fillText(line.text, x, baseline);
  if (line.isUnderlined) ctx.fillRect(line.x, baseline + 2, line.width, 0.8);
}

const intersects = (area: Area, top: number, bottom: number) =>
  area.y < bottom && area.y + area.height > top;

/** Renders the guide into page canvases, with a footer (title, page n of m) on each. */
export async function renderGuidePages(
  source: HTMLElement,
  footerTitle: string,
  geometry: PageGeometry = A4,
): Promise<RenderedPage[]> {
  const contentWidth = geometry.width - 2 * geometry.marginX;
  const contentHeight = geometry.height - geometry.marginTop - geometry.marginBottom;
  const { container, copy } = prepareCopy(source, contentWidth);
  try {
    await document.fonts.ready;
    const { boxes, texts, links, headings, height } = collect(copy);
    const ranges = paginate(height, contentHeight, texts, headings);
    const footerFont = `400 10px ${getComputedStyle(copy).fontFamily}`;
    return ranges.map(([top, bottom], index) => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(geometry.width * geometry.scale);
      canvas.height = Math.round(geometry.height * geometry.scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('Canvas 2D is not available');
      ctx.scale(geometry.scale, geometry.scale);
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, geometry.width, geometry.height);

      ctx.save();
      ctx.beginPath();
      ctx.rect(geometry.marginX, geometry.marginTop, contentWidth, bottom - top);
      ctx.clip();
      ctx.translate(geometry.marginX, geometry.marginTop - top);
      for (const box of boxes) if (intersects(box, top, bottom)) drawBox(ctx, box);
      for (const line of texts) if (intersects(line, top, bottom)) drawText(ctx, line);
      ctx.restore();

      const footerY = geometry.height - geometry.marginBottom / 2;
      ctx.font = footerFont;
      ctx.fillStyle = '#444';
      ctx.direction = 'rtl';
      ctx.textAlign = 'right';
      ctx.fillText(footerTitle, geometry.width - geometry.marginX, footerY);
      ctx.direction = 'ltr';
      ctx.textAlign = 'left';
      ctx.fillText(`${index + 1} / ${ranges.length}`, geometry.marginX, footerY);

      return {
        canvas,
        links: links
          .filter((link) => link.y >= top && link.y + link.height <= bottom)
          .map((link) => ({
            ...link,
            x: link.x + geometry.marginX,
            y: link.y - top + geometry.marginTop,
          })),
      };
    });
  } finally {
    container.remove();
  }
}
