import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import { shootBoth } from './support/individuals.ts';
import {
  collectConsoleErrors,
  createApiKey,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** The value shown under a counter's label (label and value are a dt/dd pair). */
const counterValue = (page: Page, label: string) =>
  page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('organisation dashboard', () => {
  const app = useAppAndBrowser();

  it('shows the real organisation, copies and reveals its credentials, signs out, survives a restart', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    const { admin, organization } = await signUpOrganization(
      page,
      'riyadh-health',
      'هيئة الصحة الرقمية',
      { type: 'government', adminName: ['نورة', 'القحطاني'] },
    );
    const token = await signIn(page, admin);

    await page.goto('/org-dashboard');
    await page.getByRole('heading', { level: 1, name: organization.name }).waitFor();
    await page.getByText('نورة القحطاني').waitFor();
    await page.getByText(organization.client_id, { exact: true }).waitFor();

    // A new organisation starts with zero everywhere.
    for (const label of ['الرموز النشطة', 'عمليات التحقق', 'استدعاءات API هذا الشهر']) {
      await expect(counterValue(page, label).textContent()).resolves.toBe('0');
    }
    // In the organisation's zone (Asia/Riyadh by default), as every date of the console.
    const joinedDate = await page.evaluate(
      (createdAt) =>
        new Intl.DateTimeFormat('ar-SA', {
          timeZone: 'Asia/Riyadh',
          dateStyle: 'long',
          calendar: 'gregory',
          numberingSystem: 'latn',
        }).format(new Date(createdAt)),
      organization.created_at,
    );
    await page.getByText(`تاريخ الانضمام: ${joinedDate}`).waitFor();
    // Saudi long form: day, Arabic month name, year.
    expect(joinedDate).toMatch(/^\d{1,2} [\u0600-\u06FF]+ \d{4}$/);

    const snippet = page.getByRole('region', { name: 'مثال تهيئة حزمة SDK' });
    await expect(snippet.textContent()).resolves.toContain(`clientId: '${organization.client_id}'`);
    await expect(snippet.textContent()).resolves.toContain(`baseUrl: '${app.server.baseUrl}'`);
    expect(await page.getByRole('link', { name: 'عرض التوثيق' }).getAttribute('href')).toBe(
      '/documentation',
    );

    await page.getByRole('button', { name: 'نسخ معرّف العميل' }).click();
    await page.getByRole('status').filter({ hasText: 'تم النسخ إلى الحافظة' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      organization.client_id,
    );

    const credentials = await page.request.get(
      `/api/v1/organizations/${organization.id}/credentials`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const { client_secret: clientSecret } = (await credentials.json()) as {
      client_secret: string;
    };
    expect(await page.getByText(clientSecret, { exact: true }).count()).toBe(0);
    await page.getByText('سر العميل مخفي').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'إظهار سر العميل' }).click();
    await page.getByText(clientSecret, { exact: true }).waitFor();
    await saveScreenshot(page, 'org-dashboard-desktop');

    // The section lives in the URL: it survives a reload and the back button returns.
    await page.getByRole('link', { name: 'إدارة المفاتيح' }).click();
    await page.waitForURL(/\/org-dashboard\?section=keys$/);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'إدارة المفاتيح' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'إدارة المفاتيح' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.getByRole('tab', { name: 'مفاتيح API' }).waitFor();
    await saveScreenshot(page, 'org-dashboard-desktop-keys');
    await page.goBack();
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'لوحة التحكم' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.waitForURL(`${app.server.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('org_token'))).toBeNull();
    await page.goto('/org-dashboard');
    await page.waitForURL(/\/org-auth/);

    // The tab is closed while the server restarts, so its requests do not hit a closed port.
    await page.goto('about:blank');
    await app.server.restart();
    await signIn(page, admin);
    await page.goto('/org-dashboard');
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: organization.name }).waitFor();

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('turns the side menu into a top bar with a drop-down menu on a phone', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page);
    const { admin, organization } = await signUpOrganization(
      page,
      'jeddah-ports',
      'الهيئة العامة للموانئ والمناطق اللوجستية بالمنطقة الغربية',
      { type: 'government', adminName: ['نورة', 'القحطاني'] },
    );
    await signIn(page, admin);

    await page.goto('/org-dashboard');
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    // The long name takes one line of a phone, cut with an ellipsis (four lines were 38 % of the
    // screen): whole on hover and to screen readers.
    const name = page.getByRole('heading', { level: 1, name: organization.name });
    const box = await name.evaluate((heading) => ({
      cut: heading.scrollWidth > heading.clientWidth,
      lines: Math.round(
        heading.clientHeight / Number.parseFloat(getComputedStyle(heading).lineHeight),
      ),
    }));
    expect(box.cut).toBe(true);
    expect(box.lines).toBe(1);
    expect(await name.getAttribute('title')).toBe(organization.name);
    const walletLink = page.getByRole('link', { name: 'المحفظة' });
    expect(await walletLink.isVisible()).toBe(false);
    await saveScreenshot(page, 'org-dashboard-mobile');

    const menuButton = page.getByRole('button', { name: 'فتح القائمة' });
    await menuButton.click();
    await walletLink.waitFor();
    expect(
      await page.getByRole('button', { name: 'إغلاق القائمة' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await saveScreenshot(page, 'org-dashboard-mobile-menu');

    await walletLink.click();
    await page.waitForURL(/\?section=wallet$/);
    await page.getByRole('heading', { level: 2, name: 'المحفظة' }).waitFor();
    await walletLink.waitFor({ state: 'hidden' });

    // Nothing is wider than the phone's screen.
    await page.getByRole('link', { name: 'لوحة التحكم' }).waitFor({ state: 'hidden' });
    await page.goto('/org-dashboard');
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps test data out of the live view; the test mode switch shows it, and a reload keeps it', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    const { admin, organization } = await signUpOrganization(
      page,
      'tabuk-lab',
      'مختبر تبوك الرقمي',
    );
    const token = await signIn(page, admin);
    const testKey = await createApiKey(page, token, { key_name: 'مفتاح التجربة', mode: 'test' });
    const issued = await page.request.post('/v1/tokens/generate', {
      headers: integratorHeaders(organization.client_id, testKey),
      data: { data: { full_name: 'سارة العتيبي' } },
    });
    expect(issued.status()).toBe(201);
    const { token_id: testCodeId } = (await issued.json()) as { token_id: string };
    const activeCodes = (value: string) =>
      counterValue(page, 'الرموز النشطة').filter({ hasText: new RegExp(`^${value}$`) });
    const band = page.getByText('تعرض الصفحات رموز المفاتيح التجريبية', { exact: false });

    // Live (the default): the test code is not an active code.
    await page.goto('/org-dashboard');
    await activeCodes('0').waitFor();
    const toggle = page.getByRole('switch', { name: 'الوضع التجريبي' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await band.count()).toBe(0);

    await toggle.click();
    await page.waitForURL(/\/org-dashboard\?mode=test$/);
    await band.waitFor();
    await activeCodes('1').waitFor();
    await page.reload();
    await activeCodes('1').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await band.waitFor();
    // The band names the test national ids test keys take.
    expect(await band.textContent()).toContain('1999999004');
    await shootBoth(page, 'console-test-mode-overview');

    // The menu keeps the mode: the codes list shows the test code, and only in test mode.
    await page.getByRole('link', { name: 'البيانات المشفرة' }).click();
    await page.waitForURL(/\?section=data&mode=test$/);
    await page.getByRole('tab', { name: 'الرموز الصادرة' }).click();
    await page.getByText(testCodeId, { exact: true }).waitFor();
    await shootBoth(page, 'console-test-mode-codes');
    await toggle.click();
    await page.waitForURL(/\?section=data$/);
    await page.getByRole('tab', { name: 'الرموز الصادرة' }).click();
    await page.getByText('لم تُصدر جهتك رموزاً بعد.').waitFor();
    expect(await page.getByText(testCodeId, { exact: true }).count()).toBe(0);

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a skeleton while loading and an Arabic error with a working retry', async () => {
    const page = await app.openPage('desktop');
    const { admin, organization } = await signUpOrganization(page, 'dammam-bank', 'بنك الشرقية', {
      type: 'government',
      adminName: ['نورة', 'القحطاني'],
    });
    await signIn(page, admin);

    // Hold the first /auth/me answer to see the loading state, then make it fail.
    let releaseMe: () => void = () => {};
    const meHeld = new Promise<void>((resolve) => {
      releaseMe = resolve;
    });
    let isServerFailing = true;
    await page.route('**/api/v1/auth/me', async (route) => {
      if (!isServerFailing) return route.continue();
      await meHeld;
      return route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ code: 'internal_error', detail: 'Internal Server Error' }),
      });
    });

    await page.goto('/org-dashboard');
    await page.getByRole('status').filter({ hasText: 'جارٍ التحميل...' }).waitFor({
      state: 'attached',
    });
    await saveScreenshot(page, 'org-dashboard-loading');
    releaseMe();

    const alert = page.getByRole('alert').filter({ hasText: 'حدث خطأ أثناء جلب بيانات الجهة' });
    await alert.waitFor();
    await saveScreenshot(page, 'org-dashboard-error');
    isServerFailing = false;
    await alert.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByText(organization.client_id, { exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    await page.context().close();
  });
});
