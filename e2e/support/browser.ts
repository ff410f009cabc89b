import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** One setting points the tests at a browser; Debian's Chromium by default. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: switches one test needs, such as a fake camera fed from a file. */
export function launchBrowser({ extraArgs = [] }: { extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const viewports = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

/** A fresh browser context (own storage) whose relative URLs resolve against the server. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof viewports = 'desktop',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    locale: 'ar-SA',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

const screenshotDir = path.resolve(import.meta.dirname, '../../screenshots');

/**
 * Screenshots are for people to look at (`SCREENSHOTS=1 npm run test:e2e`); a run that nobody
 * looks at skips them, since rendering and encoding a hundred full pages took minutes of CPU.
 */
export const screenshotsWanted = Boolean(process.env.SCREENSHOTS);

/** Full-page screenshot into ./screenshots (git-ignored) for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** A file a test made (a printed PDF) into ./screenshots beside the screenshots, when they are wanted. */
export function saveArtifact(fileName: string, content: Buffer) {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(path.join(screenshotDir, fileName), content);
}

/** Every request the page makes must stay on our own server (CSP connect-src 'self'). */
export function collectForeignRequests(page: Page, baseUrl: string) {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !/^(data|blob):/.test(url)) foreign.push(url);
  });
  return foreign;
}
