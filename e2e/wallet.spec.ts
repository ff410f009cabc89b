import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  type Admin,
  collectConsoleErrors,
  createApiKey,
  horizontalOverflow,
  integratorHeaders,
  openDashboardSection,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** The figure shown under a label (the label is a dt, the value the dd right after it). */
const figure = (page: Page, label: string) =>
  page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
const figureText = async (page: Page, label: string) =>
  (await figure(page, label).textContent())?.replace(/\s+/g, ' ').trim();

/** How far the page scrolls past the end of its main content (and the window). */
const blankScrollBelowContent = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    const contentEnd = (main?.getBoundingClientRect().bottom ?? 0) + window.scrollY;
    return document.documentElement.scrollHeight - Math.max(window.innerHeight, contentEnd);
  });

describe('wallet', () => {
  const app = useAppAndBrowser();
  let admin: Admin;
  let clientId: string;

  it('shows three real billed calls: figures, banner, pay now, call log, chart and refresh', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    const signedUp = await signUpOrganization(page, 'qassim-bank', 'بنك القصيم الرقمي');
    admin = signedUp.admin;
    clientId = signedUp.organization.client_id;
    const token = await signIn(page, admin);
    const key = await createApiKey(page, token, { key_name: 'Wallet e2e key' });
    const headers = integratorHeaders(signedUp.organization.client_id, key);

    // Three billed calls, then one refused call that costs nothing.
    const generated = await page.request.post('/v1/tokens/generate', {
      headers,
      data: { data: { full_name: 'منى العنزي' }, expires_in: 600 },
    });
    expect(generated.status()).toBe(201);
    const { token: code, token_id: tokenId } = (await generated.json()) as {
      token: string;
      token_id: string;
    };
    expect(
      (await page.request.post('/v1/tokens/verify', { headers, data: { token: code } })).status(),
    ).toBe(200);
    expect((await page.request.get(`/v1/tokens/${tokenId}/status`, { headers })).status()).toBe(
      200,
    );
    expect(
      (await page.request.post('/v1/tokens/verify', { headers, data: { token: code } })).status(),
    ).toBe(410);

    await openDashboardSection(page, 'desktop', 'المحفظة', 'wallet');
    await page.getByRole('heading', { name: 'مطلوب الدفع' }).waitFor();
    expect(await figureText(page, 'إجمالي استدعاءات API')).toBe('3');
    expect(await figureText(page, 'التكلفة غير المدفوعة')).toBe('0.015 ريال');
    expect(await figureText(page, 'إجمالي المدفوع')).toBe('0.000 ريال');
    expect(await figureText(page, 'تكلفة الاستدعاء')).toBe('0.005 ريال');
    expect(await figureText(page, 'استدعاءات هذا الشهر')).toBe('3');
    expect(await figureText(page, 'استدعاءات اليوم')).toBe('3');
    expect(await figureText(page, 'متوسط التكلفة اليومية')).toBe('0.015 ريال');
    await page.getByText('لديك تكلفة غير مدفوعة بقيمة 0.015 ريال.').waitFor();

    const log = page.getByRole('region', { name: 'قائمة الاستدعاءات حسب اليوم' });
    await log.waitFor();
    const entries = log.getByRole('listitem');
    expect(await entries.count()).toBe(3);
    expect(await entries.nth(0).textContent()).toContain('الاستعلام عن حالة رمز');
    expect(await entries.nth(1).textContent()).toContain('التحقق من رمز');
    expect(await entries.nth(2).textContent()).toContain('إنشاء رمز');
    expect(await entries.nth(2).textContent()).toContain('0.005 ريال');
    // The log's days are the organisation's (Riyadh): today there.
    const todayHeading = await page.evaluate(() =>
      new Intl.DateTimeFormat('ar-SA', {
        dateStyle: 'long',
        calendar: 'gregory',
        numberingSystem: 'latn',
        timeZone: 'Asia/Riyadh',
      }).format(new Date()),
    );
    await log.getByRole('heading', { level: 4, name: todayHeading }).waitFor();

    const chart = page.getByRole('table', { name: 'الاستخدام اليومي لآخر 30 يوماً' });
    expect(await chart.getByRole('row').count()).toBe(31);
    await page.getByText('المجموع: 3 استدعاءات بتكلفة 0.015 ريال').waitFor();
    await saveScreenshot(page, 'wallet-desktop');

    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'الدفع' });
    await dialog.getByText('سيتم توجيهك إلى صفحة الدفع قريباً').waitFor();
    await saveScreenshot(page, 'wallet-desktop-pay-now');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // One more call, then the refresh button shows it without reloading the page.
    expect((await page.request.get(`/v1/tokens/${tokenId}/status`, { headers })).status()).toBe(
      200,
    );
    await page.getByRole('button', { name: 'تحديث بيانات المحفظة' }).click();
    await page.getByText('لديك تكلفة غير مدفوعة بقيمة 0.020 ريال.').waitFor();
    expect(await figureText(page, 'إجمالي استدعاءات API')).toBe('4');
    expect(await entries.count()).toBe(4);

    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a phone screen, and a long call log scrolls inside its box, not the page', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page);
    const token = await signIn(page, admin);
    // Ten more calls: more entries than the log's box shows at once.
    const key = await createApiKey(page, token, { key_name: 'Long log key' });
    const headers = integratorHeaders(clientId, key);
    for (let call = 0; call < 10; call += 1) {
      const response = await page.request.post('/v1/tokens/generate', {
        headers,
        data: { data: { full_name: 'منى العنزي' }, expires_in: 600 },
      });
      expect(response.status()).toBe(201);
    }
    await openDashboardSection(page, 'mobile', 'المحفظة', 'wallet');
    await page.getByRole('heading', { name: 'مطلوب الدفع' }).waitFor();
    expect(await figureText(page, 'التكلفة غير المدفوعة')).toBe('0.070 ريال');
    await page.getByRole('region', { name: 'قائمة الاستدعاءات حسب اليوم' }).waitFor();
    await page
      .getByRole('button', { name: /عرض كشف/ })
      .first()
      .waitFor();
    // The page ends with its content: no blank scroll under the statements card.
    expect(await blankScrollBelowContent(page)).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'wallet-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a new organisation an empty wallet without a payment banner', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await app.openPage(viewport);
      const errors = collectConsoleErrors(page);
      const signedUp = await signUpOrganization(page, `new-${viewport}`, 'شركة الاتصالات الناشئة');
      await signIn(page, signedUp.admin);
      await openDashboardSection(page, viewport, 'المحفظة', 'wallet');
      await page.getByText('لا توجد استدعاءات API بعد').waitFor();
      await page.getByText('لا توجد استدعاءات خلال آخر 30 يوماً').waitFor();
      expect(await figureText(page, 'إجمالي استدعاءات API')).toBe('0');
      expect(await figureText(page, 'التكلفة غير المدفوعة')).toBe('0.000 ريال');
      expect(await page.getByRole('heading', { name: 'مطلوب الدفع' }).count()).toBe(0);
      await saveScreenshot(page, `wallet-empty-${viewport}`);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
