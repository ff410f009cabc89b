import { buildPdf, type PdfPage } from './pdf-writer.ts';
import { A4, renderGuidePages } from './render-pages.ts';

const POINTS_PER_CSS_PIXEL = 72 / 96;

/** The canvas as 8-bit grey samples, deflated (zlib) as PDF's FlateDecode expects. */
async function deflatedGray(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext('2d')!;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const gray = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < gray.length; i++) {
    gray[i] = (data[i * 4]! * 77 + data[i * 4 + 1]! * 150 + data[i * 4 + 2]! * 29) >> 8;
  }
  const stream = new Blob([gray]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Builds the guide's PDF in the browser: the bytes of a real, multi-page A4 file. */
export async function createGuidePdf(article: HTMLElement, title: string) {
  const rendered = await renderGuidePages(article, title);
  const pages: PdfPage[] = [];
  for (const { canvas, links } of rendered) {
    pages.push({
      widthPt: A4.width * POINTS_PER_CSS_PIXEL,
      heightPt: A4.height * POINTS_PER_CSS_PIXEL,
      image: {
        width: canvas.width,
        height: canvas.height,
        deflatedGray: await deflatedGray(canvas),
      },
      links: links.map((link) => ({
        x: link.x * POINTS_PER_CSS_PIXEL,
        y: link.y * POINTS_PER_CSS_PIXEL,
        width: link.width * POINTS_PER_CSS_PIXEL,
        height: link.height * POINTS_PER_CSS_PIXEL,
        uri: link.uri,
      })),
    });
    canvas.width = 0;
  }
  return buildPdf(pages, { title, lang: 'ar', createdAt: new Date() });
}

/** Creates the guide's PDF and hands it to the browser as a download. */
export async function downloadGuidePdf(
  article: HTMLElement,
  { title, fileName }: { title: string; fileName: string },
) {
  const bytes = await createGuidePdf(article, title);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; keep the blob a moment for slow save dialogs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
