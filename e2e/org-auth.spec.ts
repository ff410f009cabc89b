import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  collectConsoleErrors,
  horizontalOverflow,
  type SignedUpOrganization,
} from './support/organizations.ts';

const SIGNUP_BUTTON = 'إنشاء حساب الجهة';
const LOGIN_BUTTON = 'تسجيل الدخول';

/** The browser's own line for an answer the test asked to be refused. */
const REFUSED = /Failed to load resource: .* status of 401/;

const orgToken = (page: Page) => page.evaluate(() => localStorage.getItem('org_token'));

const selectedTab = (page: Page) =>
  page.locator('[role="tab"][aria-selected="true"]').textContent();

describe('organisation auth page', () => {
  const app = useAppAndBrowser();

  it('signs a visitor up from /signup, then logs in to the real dashboard', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page, REFUSED);
    const admin = { email: 'noura@digital-gov.example.sa', password: 'Tanqin2025' };

    await page.goto('/signup');
    await page.waitForURL(/\/org-auth\?tab=signup$/);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.getByRole('banner').getByRole('heading', { name: 'منصة الجهات' }).waitFor();
    expect(await selectedTab(page)).toBe('إنشاء حساب');
    await saveScreenshot(page, 'org-auth-signup-desktop');

    // Nothing is checked until the first submit; then every rule speaks Arabic.
    await page.getByRole('button', { name: SIGNUP_BUTTON }).click();
    for (const message of [
      'اسم المؤسسة مطلوب',
      'اسم الشخص المسؤول مطلوب',
      'الاسم الأول مطلوب',
      'اسم العائلة مطلوب',
      'كلمة المرور يجب أن تكون 8 أحرف على الأقل',
    ]) {
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    expect(await page.getByText('البريد الإلكتروني غير صالح', { exact: true }).count()).toBe(2);
    await saveScreenshot(page, 'org-auth-signup-errors-desktop');

    await page.getByLabel('اسم الجهة').fill('هيئة الحكومة الرقمية');
    await page.getByLabel('نوع الجهة').selectOption('government');
    await page.getByLabel('البريد الإلكتروني للجهة').fill('info@digital-gov.example.sa');
    await page.getByLabel('رقم هاتف الجهة').fill('0112345678');
    await page.getByLabel('اسم الشخص المسؤول').fill('نورة القحطاني');
    await page.getByLabel('الاسم الأول').fill('نورة');
    await page.getByLabel('اسم العائلة').fill('القحطاني');
    await page.getByLabel('البريد الإلكتروني للمسؤول').fill(admin.email);
    await page.getByLabel('رقم جوال المسؤول').fill('0551234567');
    await page.getByLabel('كلمة المرور', { exact: true }).fill(admin.password);
    await page.getByLabel('تأكيد كلمة المرور').fill('Tanqin2026');
    // Validated again on every change: only the mismatch is left.
    await page.getByRole('alert').filter({ hasText: 'كلمات المرور غير متطابقة' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[role="alert"]').length === 1);
    await page.getByLabel('تأكيد كلمة المرور').fill(admin.password);
    await page.getByRole('alert').waitFor({ state: 'detached' });

    const signupAnswer = page.waitForResponse('**/api/v1/signup');
    await page.getByRole('button', { name: SIGNUP_BUTTON }).click();
    const answer = await signupAnswer;
    expect(answer.status()).toBe(201);
    const { organization } = (await answer.json()) as {
      organization: SignedUpOrganization;
    };
    expect(organization.name).toBe('هيئة الحكومة الرقمية');

    await page.getByRole('heading', { name: 'تم إنشاء حساب الجهة بنجاح!' }).waitFor();
    await page.getByText(/الحساب يعمل فوراً: سجّل الدخول الآن/).waitFor();
    expect(await page.getByLabel('اسم الجهة').count()).toBe(0);
    await saveScreenshot(page, 'org-auth-signup-success-desktop');

    await page.getByRole('button', { name: 'الانتقال إلى تسجيل الدخول' }).click();
    await page.waitForURL(/\/org-auth\?tab=login$/);
    expect(await selectedTab(page)).toBe(LOGIN_BUTTON);
    expect(await page.getByLabel('البريد الإلكتروني للجهة').inputValue()).toBe(admin.email);
    await saveScreenshot(page, 'org-auth-login-desktop');

    // A wrong password: the server's Arabic message in red, no token, no redirect.
    await page.getByLabel('كلمة المرور', { exact: true }).fill('Wrong2025x');
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' })
      .waitFor();
    expect(await orgToken(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/org-auth');
    await saveScreenshot(page, 'org-auth-login-error-desktop');

    await page.getByLabel('كلمة المرور', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page.getByRole('status').filter({ hasText: 'تم تسجيل الدخول بنجاح!' }).waitFor();
    expect(await orgToken(page)).toBeTruthy();
    await saveScreenshot(page, 'org-auth-login-success-desktop');

    await page.waitForURL(/\/org-dashboard$/);
    await page.getByRole('heading', { level: 1, name: organization.name }).waitFor();
    await page.getByText(organization.client_id, { exact: true }).waitFor();

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a phone, shows readable errors, and switching tabs adds no history', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page, REFUSED);

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL(/\/org-auth\?tab=login$/);
    await page.getByLabel('البريد الإلكتروني للجهة').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await saveScreenshot(page, 'org-auth-login-mobile');

    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني مطلوب' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'كلمة المرور مطلوبة' }).waitFor();
    await saveScreenshot(page, 'org-auth-login-errors-mobile');

    await page.getByRole('tab', { name: 'إنشاء حساب' }).click();
    await page.waitForURL(/\/org-auth\?tab=signup$/);
    await page.getByLabel('اسم الجهة').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await saveScreenshot(page, 'org-auth-signup-mobile');

    await page.getByLabel('البريد الإلكتروني للمسؤول').fill('admin@');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('lowercase1');
    await page.getByLabel('تأكيد كلمة المرور').fill('lowercase2');
    await page.getByRole('button', { name: SIGNUP_BUTTON }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'يجب أن تحتوي على حرف كبير على الأقل' })
      .waitFor();
    await page.getByRole('alert').filter({ hasText: 'كلمات المرور غير متطابقة' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await saveScreenshot(page, 'org-auth-signup-errors-mobile');

    // The tab switch replaced the entry: back leaves the page for the one before it.
    await page.goBack();
    await page.waitForURL(`${app.server.baseUrl}/`);

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends an organisation back to the page named by the redirect query', async () => {
    const page = await app.openPage('desktop');
    const admin = { email: 'admin@jeddah-bank.example.sa', password: 'Jeddah2025' };
    const signup = await page.request.post('/api/v1/signup', {
      data: {
        name: 'بنك جدة',
        type: 'private',
        email: 'info@jeddah-bank.example.sa',
        contactPerson: 'خالد الحربي',
        adminDetails: {
          firstName: 'خالد',
          lastName: 'الحربي',
          email: admin.email,
          password: admin.password,
          confirmPassword: admin.password,
        },
      },
    });
    expect(signup.status()).toBe(201);

    // The landing page's organisation card links here with redirect=/.
    await page.goto('/org-auth?redirect=/');
    expect(await selectedTab(page)).toBe(LOGIN_BUTTON);
    await page.getByLabel('البريد الإلكتروني للجهة').fill(admin.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();

    await page.waitForURL(`${app.server.baseUrl}/`);
    // Signed in, the landing page's header now leads to the dashboard.
    await page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' }).waitFor();
    await page.context().close();
  });
});
