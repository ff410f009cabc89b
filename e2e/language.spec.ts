import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { launchBrowser, openPage, saveScreenshot, viewports } from './support/browser.ts';
import {
  collectConsoleErrors,
  horizontalOverflow,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

const htmlLanguage = async (page: Page) => ({
  lang: await page.getAttribute('html', 'lang'),
  dir: await page.getAttribute('html', 'dir'),
});

/** Screenshots at 1366 and 390 px for people to look at; neither may scroll sideways. */
async function shootBoth(page: Page, name: string) {
  for (const [width, viewport] of [
    ['1366', viewports.desktop],
    ['390', viewports.mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await saveScreenshot(page, `${name}-${width}`);
    expect({ name, width, overflow: await horizontalOverflow(page) }).toEqual({
      name,
      width,
      overflow: 0,
    });
  }
  await page.setViewportSize(viewports.desktop);
}

describe('the language switch', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('turns the landing page, sign-in and the dashboard to English and back, and remembers it', async () => {
    const page = await openPage(browser, server.baseUrl, 'desktop');
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('heading', { name: 'شارك رمزاً مؤقتاً، لا بياناتك الشخصية' }).waitFor();
    // The HTML is pre-rendered: the switch answers once the app has taken it over.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('heading', { name: 'Share a temporary code, not your personal data' })
      .waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await shootBoth(page, 'language-landing-en');

    // A returning visitor gets English straight away, on every public page: the landing page's
    // very first HTML, before any script, is the English one (the choice is in a cookie too).
    const firstHtml = await (await page.reload())?.text();
    expect(firstHtml).toContain('<html lang="en" dir="ltr">');
    expect(firstHtml).toContain('>Share a temporary code, not your personal data</h1>');
    await page
      .getByRole('heading', { name: 'Share a temporary code, not your personal data' })
      .waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    // The footer opens its pages in a new tab.
    const [pricing] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click(),
    ]);
    await pricing.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
    expect(await htmlLanguage(pricing)).toEqual({ lang: 'en', dir: 'ltr' });
    await pricing.close();

    // Sign-in in English, with English validation messages.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Organisation sign-in' }).waitFor();
    await page.getByLabel('Organisation email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByText('Invalid email address').waitFor();
    const email = page.getByLabel('Organisation email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await shootBoth(page, 'language-org-auth-en');

    // The dashboard in English.
    const { admin } = await signUpOrganization(page, 'language', 'Riyadh Digital Health');
    await signIn(page, admin);
    await page.goto('/org-dashboard');
    await page.getByRole('heading', { name: 'Riyadh Digital Health', level: 1 }).waitFor();
    await page.getByText("Welcome to your organisation's dashboard").waitFor();
    await page.getByRole('navigation', { name: 'Dashboard sections' }).first().waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await shootBoth(page, 'language-dashboard-en');

    // And back to Arabic from the dashboard's header.
    await page.getByRole('button', { name: 'عربي' }).click();
    await page.getByText('مرحباً بك في لوحة تحكم جهتك').waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
    const arabicHtml = await (await page.goto('/'))?.text();
    expect(arabicHtml).toContain('<html lang="ar" dir="rtl">');
    await page.getByRole('heading', { name: 'شارك رمزاً مؤقتاً، لا بياناتك الشخصية' }).waitFor();

    expect(errors).toEqual([]);
  });
});
