import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot, viewports } from './support/browser.ts';
import { collectConsoleErrors, horizontalOverflow } from './support/organizations.ts';

/** Not the default 0.005: the pages must show the server's PRICE_PER_CALL, not a constant. */
const PRICE = '0.007';

const PAGES: Array<{ path: string; heading: string }> = [
  { path: '/about', heading: 'من نحن' },
  { path: '/terms', heading: 'الشروط والأحكام' },
  { path: '/privacy', heading: 'سياسة الخصوصية' },
  { path: '/faq', heading: 'الأسئلة الشائعة' },
  { path: '/services-guide', heading: 'دليل الخدمات' },
  { path: '/pricing', heading: 'الأسعار' },
  { path: '/contact', heading: 'تواصل معنا' },
  { path: '/chat', heading: 'المساعد الذكي' },
];

const axeSource = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page) {
  // Through the DevTools protocol: the page's CSP (script-src 'self') would block a script tag.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: any }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
}

async function openPublicPage(page: Page, pagePath: string, heading: string) {
  await page.goto(pagePath);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

describe('the footer pages', () => {
  const app = useAppAndBrowser({ env: { PRICE_PER_CALL: PRICE } });

  it('each renders its heading right-to-left, fits 390 px, passes axe, at 1366 and 390 px', async () => {
    for (const viewport of Object.keys(viewports) as Array<keyof typeof viewports>) {
      const page = await app.openPage(viewport);
      const errors = collectConsoleErrors(page);
      for (const { path: pagePath, heading } of PAGES) {
        await openPublicPage(page, pagePath, heading);
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        expect(await page.getByRole('main').count()).toBe(1);
        expect(await page.getByRole('contentinfo').count()).toBe(1);
        expect(await page.locator('h1').count()).toBe(1);
        expect(await horizontalOverflow(page), `${pagePath} overflows at ${viewport}`).toBe(0);
        if (pagePath === '/pricing') {
          await page.getByTestId('price-card').and(page.locator(':not([aria-busy])')).waitFor();
        }
        await saveScreenshot(page, `public${pagePath.replace('/', '-')}-${viewport}`);
        if (viewport === 'desktop') {
          expect(await seriousViolations(page), pagePath).toEqual([]);
        }
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('each renders in English too, left-to-right, when English was chosen', async () => {
    const english: Record<string, string> = {
      '/about': 'About us',
      '/terms': 'Terms and conditions',
      '/privacy': 'Privacy policy',
      '/faq': 'Frequently asked questions',
      '/services-guide': 'Services guide',
      '/pricing': 'Pricing',
      '/contact': 'Contact us',
      '/chat': 'Help assistant',
    };
    const page = await app.openPage('mobile');
    await page.context().addInitScript(() => localStorage.setItem('lang', 'en'));
    const errors = collectConsoleErrors(page);
    for (const { path: pagePath } of PAGES) {
      await openPublicPage(page, pagePath, english[pagePath]!);
      expect(await page.getAttribute('html', 'dir')).toBe('ltr');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await horizontalOverflow(page), pagePath).toBe(0);
      if (pagePath === '/pricing') {
        await page.getByTestId('price-card').and(page.locator(':not([aria-busy])')).waitFor();
        expect(await page.getByTestId('price-card').innerText()).toContain(`${PRICE} riyal`);
      }
      await saveScreenshot(page, `public${pagePath.replace('/', '-')}-en-mobile`);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('every internal link on them leads to a real page, and every in-page anchor exists', async () => {
    const page = await app.openPage('desktop');
    const targets = new Set<string>();
    for (const { path: pagePath, heading } of PAGES) {
      await openPublicPage(page, pagePath, heading);
      const hrefs = await page
        .locator('main a[href], footer a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      for (const href of hrefs) {
        if (href.startsWith('#')) {
          const id = decodeURIComponent(href.slice(1));
          expect(await page.locator(`[id="${id}"]`).count(), `${pagePath} ${href}`).toBe(1);
        } else if (href.startsWith('/')) {
          targets.add(href.split('#')[0]!);
        }
      }
    }
    expect(targets.size).toBeGreaterThanOrEqual(10);
    for (const target of targets) {
      await page.goto(target);
      await page.locator('h1').first().waitFor();
      const text = await page.locator('body').innerText();
      expect(text, target).not.toContain('الصفحة غير موجودة');
      expect(text, target).not.toContain('Unexpected Application Error');
    }
    await page.context().close();
  });

  it('footer pages open in a new tab, without giving the new page a handle on this one; the way in for individuals opens here', async () => {
    const page = await app.openPage('desktop');
    await openPublicPage(page, '/about', 'من نحن');
    const footer = page.getByRole('contentinfo');
    const pages = footer
      .getByRole('navigation')
      .filter({ hasNotText: 'للأفراد' })
      .getByRole('link');
    expect(await pages.count()).toBe(8);
    for (const link of await pages.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    const wayIn = footer.getByRole('navigation', { name: 'للأفراد' }).getByRole('link');
    expect(
      await wayIn.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/login', '/register', '/receipt']);
    for (const link of await wayIn.all()) expect(await link.getAttribute('target')).toBeNull();
    await page.context().close();
  });

  it('the pricing page shows the server price and its calculator computes exactly', async () => {
    const page = await app.openPage('mobile');
    await openPublicPage(page, '/pricing', 'الأسعار');
    const card = page.getByTestId('price-card');
    await card.and(page.locator(':not([aria-busy])')).waitFor();
    expect(await card.innerText()).toContain(`${PRICE} ريال`);
    await page.getByLabel('عدد الاستدعاءات في الشهر').fill('123457');
    expect(await page.getByTestId('monthly-cost').innerText()).toBe('864.199 ريال');
    await page.getByLabel('عدد الاستدعاءات في الشهر').fill('12.5');
    await page.getByText('أدخل عدداً صحيحاً موجباً من الاستدعاءات دون كسور').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await saveScreenshot(page, 'public-pricing-invalid-mobile');
    await page.context().close();
  });

  it('the FAQ filters as you type and announces the count', async () => {
    const page = await app.openPage('desktop');
    await openPublicPage(page, '/faq', 'الأسئلة الشائعة');
    const questions = page.getByRole('main').locator('details');
    expect(await questions.count()).toBeGreaterThanOrEqual(12);
    await page.getByLabel('ابحث في الأسئلة').fill('بخطوتين');
    await page.getByRole('status').getByText('سؤال واحد مطابق').waitFor();
    expect(await questions.count()).toBe(1);
    expect(await questions.first().innerText()).toContain('هل يدعم تنقين التحقق بخطوتين؟');
    // Open while searching: the answer is visible without a click.
    await page.getByText('رموز استرداد يُستخدم كل منها مرة واحدة', { exact: false }).waitFor();
    await page.getByLabel('ابحث في الأسئلة').fill('cost');
    await page.getByRole('heading', { name: 'كم سعر الاستدعاء؟' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(`${PRICE} ريال`);
    await page.getByLabel('ابحث في الأسئلة').fill('قطط');
    await page.getByText('لم نجد سؤالاً يطابق «قطط».').waitFor();
    await saveScreenshot(page, 'public-faq-no-results-desktop');
    await page.context().close();
  });

  it('the assistant answers both price questions with the real price, and says when it cannot', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await app.openPage(viewport);
      await openPublicPage(page, '/chat', 'المساعد الذكي');
      const input = page.getByLabel('سؤالك');
      const answers = page.getByTestId('assistant-answer');

      await input.fill('كم سعر الاستدعاء');
      await input.press('Enter');
      await answers
        .nth(0)
        .getByText(`سعر الاستدعاء الواحد ${PRICE} ريال`, { exact: false })
        .waitFor();
      expect(
        await answers.nth(0).getByRole('link', { name: 'الأسئلة الشائعة' }).getAttribute('href'),
      ).toBe('/faq#price');

      await input.fill('how much does a call cost');
      await page.getByRole('button', { name: 'إرسال' }).click();
      await answers.nth(1).getByText(`One call costs ${PRICE} riyal`, { exact: false }).waitFor();
      expect(await answers.nth(1).locator('[lang="en"]').count()).toBe(1);
      expect(await answers.nth(1).getByRole('link', { name: 'FAQ', exact: true }).count()).toBe(1);

      await input.fill('بطيخ مشمش برتقال');
      await input.press('Enter');
      await answers.nth(2).getByText('لم أجد إجابة عن سؤالك').waitFor();
      expect(
        await answers
          .nth(2)
          .getByRole('link', { name: 'راسل فريقنا من صفحة التواصل' })
          .getAttribute('href'),
      ).toBe('/contact');
      await input.fill('xyzzy plugh');
      await input.press('Enter');
      await answers.nth(3).getByText('I found no answer to your question').waitFor();

      expect(await horizontalOverflow(page)).toBe(0);
      await saveScreenshot(page, `public-chat-answers-${viewport}`);
      await page.context().close();
    }
  });

  it('the contact form shows its messages, sends to the outbox, and refuses flooding', async () => {
    const page = await app.openPage('mobile');
    await openPublicPage(page, '/contact', 'تواصل معنا');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    for (const message of [
      'الاسم مطلوب',
      'البريد الإلكتروني مطلوب',
      'الموضوع مطلوب',
      'الرسالة يجب أن تكون 10 أحرف على الأقل',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('الاسم').getAttribute('aria-invalid')).toBe('true');
    expect(await horizontalOverflow(page)).toBe(0);
    await saveScreenshot(page, 'public-contact-errors-mobile');

    await page.getByLabel('البريد الإلكتروني').fill('not-an-email');
    await page.getByText('البريد الإلكتروني غير صالح', { exact: true }).waitFor();

    const subject = `استفسار عن التكامل ${Date.now()}`;
    await page.getByLabel('الاسم').fill('ريم الشمري');
    await page.getByLabel('البريد الإلكتروني').fill('reem@example.sa');
    await page.getByLabel('الموضوع').fill(subject);
    await page.getByLabel('الرسالة').fill('نود ربط تطبيقنا بواجهة تنقين، ما الخطوات؟');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await page.getByRole('heading', { name: 'وصلتنا رسالتك' }).waitFor();
    await page.getByText('reem@example.sa', { exact: false }).waitFor();
    await saveScreenshot(page, 'public-contact-sent-mobile');

    const outbox = readFileSync(path.join(app.server.dataDir, 'outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { channel: string; to: string; subject: string; text: string },
      );
    const mailed = outbox.find((entry) => entry.subject.includes(subject));
    expect(mailed).toMatchObject({ channel: 'email', to: 'support@tanqin.sa' });
    expect(mailed!.text).toContain('نود ربط تطبيقنا بواجهة تنقين');
    expect(mailed!.text).toContain('reem@example.sa');

    // Four more from this address reach the hourly limit of five; the sixth is refused.
    for (let i = 0; i < 4; i++) {
      const response = await page.request.post('/api/v1/contact', {
        data: {
          name: 'ريم',
          email: 'reem@example.sa',
          subject: `رسالة ${i}`,
          message: 'رسالة متكررة للاختبار',
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.getByRole('button', { name: 'إرسال رسالة أخرى' }).click();
    await page.getByLabel('الاسم').fill('ريم الشمري');
    await page.getByLabel('البريد الإلكتروني').fill('reem@example.sa');
    await page.getByLabel('الموضوع').fill('رسالة سادسة');
    await page.getByLabel('الرسالة').fill('هذه الرسالة تتجاوز الحد في الساعة.');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await page.getByText('أرسلت رسائل كثيرة خلال ساعة، حاول مرة أخرى لاحقاً').waitFor();
    await saveScreenshot(page, 'public-contact-flooded-mobile');
    await page.context().close();
  });
});
