import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { collectConsoleErrors } from './support/organizations.ts';

const HEADLINE = 'شارك رمزاً مؤقتاً، لا بياناتك الشخصية';
const ENGLISH_HEADLINE = 'Share a temporary code, not your personal data';

/** Records, from before any page script runs, whether the landing page's <main> is ever removed. */
const watchMainRemoval = () => {
  const win = window as unknown as { mainRemoved: boolean };
  win.mainRemoved = false;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (node instanceof Element && (node.id === 'main' || node.querySelector('#main'))) {
          win.mainRemoved = true;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
};

/**
 * Records, from before any page script runs, every moment `<html lang>` named another language
 * than the headline's: Arabic laid out left to right while the English copy is on its way.
 */
const watchLanguageMismatch = () => {
  const win = window as unknown as { languageMismatch: string[] };
  win.languageMismatch = [];
  new MutationObserver(() => {
    const headline = document.querySelector('h1')?.textContent ?? '';
    if (!headline) return;
    const shown = /[\u0600-\u06ff]/.test(headline) ? 'ar' : 'en';
    const { lang, dir } = document.documentElement;
    if (lang !== shown) win.languageMismatch.push(`${lang} ${dir} over ${shown}`);
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

describe('the landing page pre-rendered at build time', () => {
  const app = useAppAndBrowser();

  it('is in the HTML served at / before any script runs; other routes get the empty shell', async () => {
    const landing = await fetch(`${app.server.baseUrl}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    const html = await landing.text();
    expect(html).toContain(`>${HEADLINE}</h1>`);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    // The price comes from the server at run time: the HTML shows its loading state.
    expect(html).toMatch(/data-testid="price-tile"[^>]*aria-busy="true"/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // The CSP allows no inline script.

    expect(landing.headers.get('vary')).toMatch(/\bcookie\b/i);

    // A reader whose cookie says English gets the English page from the first byte.
    const english = await fetch(`${app.server.baseUrl}/`, { headers: { cookie: 'lang=en' } });
    expect(english.status).toBe(200);
    expect(english.headers.get('cache-control')).toBe('no-cache');
    expect(english.headers.get('vary')).toMatch(/\bcookie\b/i);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en" dir="ltr">');
    expect(englishHtml).toContain('<title>Tanqin | Temporary Identity</title>');
    expect(englishHtml).toContain(`>${ENGLISH_HEADLINE}</h1>`);
    expect(englishHtml).not.toContain(HEADLINE);
    const arabic = await fetch(`${app.server.baseUrl}/`, { headers: { cookie: 'lang=ar' } });
    expect(await arabic.text()).toContain('<html lang="ar" dir="rtl">');

    for (const route of ['/org-auth', '/org-dashboard', '/docs?x=1']) {
      const response = await fetch(`${app.server.baseUrl}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const shell = await response.text();
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain(HEADLINE);
    }
  });

  it('hydrates the HTML in place: no error, the page is never replaced, and it responds', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page);
    await page.addInitScript(watchMainRemoval);
    await page.goto('/');
    await page.getByTestId('price-tile').and(page.locator(':not([aria-busy])')).waitFor();
    // The journey's steps answer clicks only once React has taken over the HTML.
    const steps = page.getByRole('list', { name: 'خطوات الرحلة' });
    await steps.getByRole('button', { name: /تتبّع الاستخدام/ }).click();
    await page.getByRole('heading', { level: 3, name: 'تتبّع الاستخدام' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { mainRemoved: boolean }).mainRemoved),
    ).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows a signed-in organisation its dashboard link and an English reader English, both ways, without errors', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    await page.goto('/org-auth');
    await page.evaluate(() => localStorage.setItem('org_token', 'a-token'));
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' }).count()).toBe(
      0,
    );

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.addInitScript(watchLanguageMismatch);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: ENGLISH_HEADLINE }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    // `<html lang dir>` and the title change with the copy shown, never before it.
    expect(
      await page.evaluate(
        () => (window as unknown as { languageMismatch: string[] }).languageMismatch,
      ),
    ).toEqual([]);
    expect(await page.title()).toBe('Tanqin | Temporary Identity');
    // The English copy's islands answer too; the sample request names the browser's own
    // address once its section has come near the screen and is hydrated.
    const steps = page.getByRole('list', { name: 'Journey steps' });
    await steps.getByRole('button', { name: /Decryption/ }).click();
    await page.getByRole('heading', { level: 3, name: 'Decryption' }).waitFor();
    await page.locator('#api').scrollIntoViewIfNeeded();
    await page
      .getByText(`curl -X POST "${app.server.baseUrl}/v1/tokens/generate"`, { exact: false })
      .waitFor();

    // And back to the Arabic page, in place.
    await page.getByRole('banner').getByRole('button', { name: 'عربي' }).click();
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.title()).toBe('تنقين | الهوية المؤقتة');

    // Chosen with the switch, English is in the cookie: the server sends the English page, which
    // the islands hydrate in place without swapping it.
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: ENGLISH_HEADLINE }).waitFor();
    await page.addInitScript(watchMainRemoval);
    await page.reload();
    await steps.getByRole('button', { name: /Decryption/ }).click();
    await page.getByRole('heading', { level: 3, name: 'Decryption' }).waitFor();
    expect(
      await page.evaluate(() => {
        const win = window as unknown as { mainRemoved: boolean; languageMismatch: string[] };
        return { removed: win.mainRemoved, mismatch: win.languageMismatch };
      }),
    ).toEqual({ removed: false, mismatch: [] });
    expect(errors).toEqual([]);
  });
});
