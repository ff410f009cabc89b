import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';

const SECTION_HEADINGS = [
  'شارك رمزاً مؤقتاً، لا بياناتك الشخصية',
  'مشكلات حقيقية نحلّها',
  'رحلة الرمز في ست خطوات',
  'واجهة برمجية لإنشاء الرموز',
  'جهتك جاهزة للتحقق الآمن؟',
  'خارطة الخدمات',
];

const FOOTER_LINKS: Array<[string, string]> = [
  ['من نحن', '/about'],
  ['الشروط والأحكام', '/terms'],
  ['سياسة الخصوصية', '/privacy'],
  ['الأسئلة الشائعة', '/faq'],
  ['دليل الخدمات', '/services-guide'],
  ['الأسعار', '/pricing'],
  ['تواصل معنا', '/contact'],
  ['المساعد الذكي', '/chat'],
];

async function expectPrice(page: Page, price: string) {
  const tile = page.getByTestId('price-tile');
  await tile.and(page.locator(':not([aria-busy])')).waitFor();
  expect(await tile.textContent()).toContain(`${price} ريال`);
}

describe('the landing page', () => {
  const app = useAppAndBrowser();

  it('renders right-to-left with every section, the footer links and the server price', async () => {
    const page = await app.openPage('desktop');
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto('/');

    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.getByRole('banner').getByText('الهوية المؤقتة').waitFor();
    for (const name of SECTION_HEADINGS) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    await page
      .getByText('استكشف الخدمات المتاحة والقادمة للجهات الحكومية والخاصة', { exact: true })
      .waitFor();
    expect(await page.getByText('قيد التطوير', { exact: true }).count()).toBe(1);

    const login = page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' });
    expect(await login.getAttribute('href')).toBe('/org-auth?tab=login');
    expect(await page.getByRole('link', { name: 'أنشئ حساب جهتك' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(await page.getByRole('link', { name: 'دخول الجهات' }).getAttribute('href')).toBe(
      '/org-auth',
    );
    expect(await page.getByRole('link', { name: 'تسجيل دخول الجهة' }).getAttribute('href')).toBe(
      '/org-auth?redirect=/',
    );
    expect(await page.getByRole('link', { name: 'إنشاء حساب جهة جديد' }).getAttribute('href')).toBe(
      '/org-auth?tab=signup',
    );

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of FOOTER_LINKS) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const footerText = await footer.textContent();
    expect(footerText).toContain('2025');
    expect(footerText).toContain('الرياض');

    await expectPrice(page, '0.005');
    expect(await page.getByTestId('price-tile').textContent()).not.toContain('0.01');

    const snippet = page.locator('pre').first();
    expect(await snippet.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await snippet.textContent()).toContain('/v1/tokens/generate');

    await saveScreenshot(page, 'landing-desktop');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('marks journey steps done as the visitor opens them and fills the progress bar', async () => {
    const page = await app.openPage('mobile');
    await page.goto('/');
    const steps = page.getByRole('list', { name: 'خطوات الرحلة' });
    const progress = page.getByRole('progressbar', { name: 'تقدّم استعراض الرحلة' });
    const decrypt = steps.getByRole('button', { name: /فك التشفير/ });
    // The HTML is pre-rendered: the steps answer clicks once the app has taken it over.
    await page.getByTestId('price-tile').and(page.locator(':not([aria-busy])')).waitFor();

    expect(await progress.getAttribute('aria-valuenow')).toBe('17');
    expect(await decrypt.getAttribute('data-state')).toBe('pending');

    await decrypt.click();
    await decrypt.and(page.locator('[data-state="done"][aria-current="step"]')).waitFor();
    await progress.and(page.locator('[aria-valuenow="33"]')).waitFor();
    await page.getByRole('heading', { name: 'فك التشفير', level: 3 }).waitFor();
    await page.getByText('موظفو الجهة').waitFor();

    await decrypt.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await steps
      .getByRole('button', { name: /تتبّع الاستخدام/ })
      .and(page.locator('[data-state="done"]'))
      .waitFor();
    await progress.and(page.locator('[aria-valuenow="50"]')).waitFor();

    await saveScreenshot(page, 'landing-mobile');
    await page.context().close();
  });

  it('sends a signed-in organisation from the header straight to its dashboard', async () => {
    const page = await app.openPage('desktop');
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('org_token', 'signed-in'));
    await page.reload();
    const button = page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' });
    expect(await button.getAttribute('href')).toBe('/org-dashboard');
    await page.context().close();
  });

  it("shows a person's register and sign-in on a phone's first screen, in both languages", async () => {
    const page = await app.openPage('mobile');
    const names = {
      ar: { register: 'أنشئ حسابك الشخصي', login: 'دخول الأفراد' },
      en: { register: 'Create your personal account', login: 'Personal sign-in' },
    };
    for (const language of ['ar', 'en'] as const) {
      await page.goto('/');
      await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
      await page.reload();
      const main = page.getByRole('main');
      for (const [key, href] of [
        ['register', '/register'],
        ['login', '/login'],
      ] as const) {
        const link = main.getByRole('link', { name: names[language][key], exact: true });
        expect(await link.getAttribute('href')).toBe(href);
        const box = await link.boundingBox();
        expect(box, `${language} ${key}`).not.toBeNull();
        // Seen without scrolling: wholly inside the 390 x 844 screen.
        expect(box!.y + box!.height, `${language} ${key}`).toBeLessThanOrEqual(844);
        expect(box!.x, `${language} ${key}`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${language} ${key}`).toBeLessThanOrEqual(390);
      }
      await saveScreenshot(page, `landing-person-way-in-${language}-390`);
    }
    await page.context().close();
  });

  it("fits the header's controls side by side on a phone, in both languages, signed in or not", async () => {
    const page = await app.openPage('mobile');
    const organisationLink = {
      ar: { out: 'تسجيل الدخول', in: 'لوحة التحكم' },
      en: { out: 'Sign in', in: 'Dashboard' },
    };
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/faq']) {
        for (const language of ['ar', 'en'] as const) {
          for (const signedIn of [false, true]) {
            await page.goto(path);
            await page.evaluate(
              ([lang, token]) => {
                localStorage.setItem('lang', lang);
                if (token) localStorage.setItem('org_token', 'signed-in');
                else localStorage.removeItem('org_token');
              },
              [language, signedIn] as const,
            );
            await page.reload();
            const header = page.getByRole('banner');
            await header
              .getByRole('link', { name: organisationLink[language][signedIn ? 'in' : 'out'] })
              .waitFor();
            // What each control draws (its text may spill out of a squeezed box), left to right.
            const drawn = await header.evaluate((element) =>
              [...element.querySelectorAll('a, button')]
                .map((control) => {
                  const range = document.createRange();
                  range.selectNodeContents(control);
                  const content = range.getBoundingClientRect();
                  const box = control.getBoundingClientRect();
                  return {
                    name: control.textContent,
                    left: Math.min(box.left, content.left),
                    right: Math.max(box.right, content.right),
                    shown: box.width > 0,
                  };
                })
                .filter((control) => control.shown)
                .sort((a, b) => a.left - b.left),
            );
            const where = `${path} ${language} ${width}px ${signedIn ? 'signed in' : 'signed out'}`;
            expect(drawn.length, where).toBe(4);
            expect(drawn[0]!.left, where).toBeGreaterThanOrEqual(0);
            expect(drawn.at(-1)!.right, where).toBeLessThanOrEqual(width);
            drawn.slice(1).forEach((control, i) => {
              expect(control.left, `${where}: ${control.name}`).toBeGreaterThanOrEqual(
                drawn[i]!.right,
              );
            });
          }
        }
      }
    }
    await page.context().close();
  });
});

describe('the landing page price', () => {
  const app = useAppAndBrowser({ env: { PRICE_PER_CALL: '0.007' } });

  it('follows the price the server is configured with', async () => {
    const page = await app.openPage('desktop');
    await page.goto('/');
    await expectPrice(page, '0.007');
    await page.getByText('يُحتسب كل طلب ناجح بسعر 0.007 ريال.').waitFor();
  });
});
