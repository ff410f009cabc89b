import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot, viewports } from './support/browser.ts';
import { newPerson, registerConfirmedPerson } from './support/individuals.ts';
import { collectConsoleErrors, horizontalOverflow } from './support/organizations.ts';

/** A status filter, named by its label and count ("مرفوض (0)"; spacing around the count may vary). */
const filterButton = (page: Page, label: string, count: number) =>
  page.getByRole('button', { name: new RegExp(`^${label}\\s*\\(?\\s*${count}\\s*\\)?$`) });

/**
 * A small valid PDF (one page saying hello, a correct cross-reference table) with an unused
 * stream of `padding` bytes, so an upload takes long enough to watch its progress.
 */
function makePdf(padding: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 70 Td (Tanqin test) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${padding} >>\nstream\n${'0'.repeat(padding)}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A real PNG of `width` x `height` teal pixels. */
function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from('0f766e'.repeat(width), 'hex')]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fileInput = (page: Page, name: string) =>
  page.locator(`input[type="file"][aria-label="${name}"]`);

async function screenshotBoth(page: Page, name: string) {
  // Notifications leave after a few seconds; the screenshot shows the page under them.
  await page
    .locator('section[aria-label="notifications"] > *')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
  for (const viewport of ['desktop', 'mobile'] as const) {
    await page.setViewportSize(viewports[viewport]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `documents-${viewport}-${name}`);
  }
  await page.setViewportSize(viewports.desktop);
}

describe('documents', () => {
  const app = useAppAndBrowser();
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'tanqin-documents-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('uploads a real PDF with progress, lists it pending, views, downloads and deletes it; refuses a text file named .pdf', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    await registerConfirmedPerson(page, app.server.dataDir, newPerson());
    const pdf = makePdf(1_500_000);
    const pdfPath = path.join(folder, 'هويتي الوطنية.pdf');
    writeFileSync(pdfPath, pdf);

    await page.goto('/documents');
    await page.getByRole('heading', { level: 1, name: 'مستنداتي' }).waitFor();
    const required = page.getByRole('region', { name: 'المستندات المطلوبة' });
    await required.getByText('لم يُرفع').first().waitFor();
    expect(await required.getByText('لم يُرفع').count()).toBe(5);
    await page.getByText(/لم ترفع أي مستند بعد/).waitFor();
    await screenshotBoth(page, 'empty');

    // Slow the upload down so its progress can be seen on the way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    await fileInput(page, 'رفع الهوية الوطنية').setInputFiles(pdfPath);
    const bar = page.getByRole('progressbar', { name: 'تقدّم رفع هويتي الوطنية.pdf' });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const value = Number(
        document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'),
      );
      return value > 0 && value < 100;
    });
    await screenshotBoth(page, 'uploading');
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '100',
      undefined,
      { timeout: 30_000 },
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('اكتمل رفع هويتي الوطنية.pdf').waitFor();

    const table = page.getByRole('region', { name: 'المستندات المرفوعة' });
    const row = table.getByRole('row').filter({ hasText: 'هويتي الوطنية.pdf' });
    await row.getByText('قيد المراجعة').waitFor();
    await row.getByText('الهوية الوطنية', { exact: true }).waitFor();
    await row.getByText('PDF', { exact: true }).waitFor();
    await row.getByText('1.4 ميجابايت').waitFor();
    await required.getByText('قيد المراجعة').waitFor();
    await screenshotBoth(page, 'list');

    // Filters count what there is.
    await filterButton(page, 'مرفوض', 0).click();
    await page.getByText('لا توجد مستندات بهذه الحالة.').waitFor();
    await screenshotBoth(page, 'filter-rejected');
    await filterButton(page, 'قيد المراجعة', 1).click();
    await row.waitFor();

    // View: the file opens in a new tab from an object URL (the bearer never leaves the page).
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('button', { name: 'عرض هويتي الوطنية.pdf' }).click(),
    ]);
    const tabErrors = collectConsoleErrors(tab);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    // The browser shows it as a PDF (its viewer), under our CSP, inherited by the blob document.
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    expect(tabErrors).toEqual([]);
    await tab.close();

    // Download: the same bytes, under the original Arabic name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'تنزيل هويتي الوطنية.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('هويتي الوطنية.pdf');
    expect(readFileSync((await download.path()) ?? '').equals(pdf)).toBe(true);

    // An image opens the same way and is drawn (the blob document's CSP lets it load).
    const pngPath = path.join(folder, 'passport.png');
    writeFileSync(pngPath, makePng(120, 80));
    await fileInput(page, 'رفع جواز السفر').setInputFiles(pngPath);
    await page.getByText('اكتمل رفع passport.png').waitFor();
    const pngRow = table.getByRole('row').filter({ hasText: 'passport.png' });
    // Errors of the new tab from its first moment (collectConsoleErrors would attach too late).
    const imageErrors: string[] = [];
    page.context().once('page', (opened) =>
      opened.on('console', (message) => {
        if (message.type() === 'error') imageErrors.push(message.text());
      }),
    );
    const [imageTab] = await Promise.all([
      page.context().waitForEvent('page'),
      pngRow.getByRole('button', { name: 'عرض passport.png' }).click(),
    ]);
    await imageTab.waitForLoadState();
    await imageTab.waitForFunction(() => document.images[0]?.complete);
    expect(await imageTab.evaluate(() => document.images[0]?.naturalWidth)).toBe(120);
    // The blob document inherits the app's CSP, so Chrome's own inline styles for its image
    // viewer (centring, dark backdrop) are refused: the image shows plain. Nothing else may fail.
    expect(imageErrors.filter((text) => !/^Applying inline style violates/.test(text))).toEqual([]);
    await imageTab.close();

    // A text file renamed .pdf is refused before it is sent.
    const fakePath = path.join(folder, 'passport.pdf');
    writeFileSync(fakePath, 'This is not a PDF, just some notes.\n');
    await filterButton(page, 'الكل', 2).click();
    await fileInput(page, 'رفع رخصة القيادة').setInputFiles(fakePath);
    const refusal = required.getByRole('alert');
    await refusal.getByText('لم يُرفع الملف «passport.pdf»').waitFor();
    await refusal.getByText('يُقبل ملف PDF أو JPEG أو PNG فقط').waitFor();
    await screenshotBoth(page, 'error');

    // Delete after confirming.
    await row.getByRole('button', { name: 'حذف هويتي الوطنية.pdf' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف المستند؟' });
    await dialog.getByText(/سيُحذف الملف «هويتي الوطنية.pdf» نهائياً/).waitFor();
    await screenshotBoth(page, 'delete-dialog');
    await dialog.getByRole('button', { name: 'حذف المستند' }).click();
    await page.getByText('حُذف المستند.').waitFor();
    await row.waitFor({ state: 'detached' });
    await filterButton(page, 'الكل', 1).waitFor();
    const list = await page.request.get('/api/v1/documents', {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}`,
      },
    });
    const left = ((await list.json()) as { documents: { name: string }[] }).documents;
    expect(left.map((document) => document.name)).toEqual(['passport.png']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor without a personal token to sign in, back to /documents afterwards', async () => {
    const page = await app.openPage('mobile');
    await page.goto('/documents');
    await page.waitForURL(/\/login\?redirect=%2Fdocuments$/);
    await page.context().close();
  });
});
