import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateTotp, TOTP_PERIOD_SECONDS } from '../apps/api/src/lib/totp.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import {
  lastCodeTo,
  newPerson,
  readOutbox,
  registerConfirmedPerson,
  shootBoth,
} from './support/individuals.ts';
import { collectConsoleErrors, horizontalOverflow } from './support/organizations.ts';

// The browser logs the answers the test asks to be refused (wrong password or code).
const REFUSED = /Failed to load resource: .* status of (400|401|409)/;

const authToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token'));

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await page.waitForURL('**/login');
  expect(await authToken(page)).toBeNull();
}

async function fillCredentials(page: Page, email: string, password: string) {
  // After signing out the profile page (with its own email field and switch) may still be leaving.
  await page.waitForURL(/\/login/);
  await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(email);
  await page.getByLabel('كلمة المرور').fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
}

describe('personal sign-in side', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('registers, confirms by SMS code, signs out and in, turns on two-step, signs in with the code, resets the password', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page, REFUSED);
    const person = newPerson();

    // Registration: the schema's messages first, then the real form.
    await page.goto('/register');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByText('رقم الهوية الوطنية مطلوب').waitFor();
    expect(await page.getByText('يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام').count()).toBe(1);
    await shootBoth(page, 'personal-register-errors');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByLabel('الاسم الأول').fill(person.firstName);
    await page.getByLabel('اسم العائلة').fill(person.lastName);
    await page.getByLabel('رقم الهوية الوطنية').fill(person.nationalId);
    await page.getByLabel('رقم الجوال').fill(person.phoneNumber);
    await page.locator('input[type=email]').fill(person.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(person.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(person.password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByRole('heading', { name: 'تأكيد الحساب' }).waitFor();
    await page.getByText(/يمكنك طلب رمز جديد بعد \d+ ثانية/).waitFor();
    await shootBoth(page, 'personal-register-code');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByLabel('رمز التأكيد').fill(lastCodeTo(app.server.dataDir, person.phoneNumber));
    await page.getByRole('button', { name: 'تأكيد الحساب' }).click();
    await page.getByText('تم تأكيد حسابك بنجاح!').waitFor();
    await page.waitForURL('**/dashboard');
    await signOut(page);

    // Sign in: a wrong password first, then the right one.
    await shootBoth(page, 'personal-login');
    await fillCredentials(page, person.email, 'Wrong1234');
    await page.getByText('فشل تسجيل الدخول').waitFor();
    await shootBoth(page, 'personal-login-error');
    await page.getByLabel('كلمة المرور').fill(person.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByText('تم تسجيل الدخول بنجاح!').waitFor();
    await page.waitForURL('**/dashboard');

    // Two-step: the secret shown, a code computed like an authenticator app, recovery codes.
    await page.goto('/profile-settings');
    await page.getByRole('switch', { name: /التحقق بخطوتين/ }).click();
    const dialog = page.getByRole('dialog', { name: 'تفعيل التحقق بخطوتين' });
    const secretElement = dialog.getByTestId('totp-secret');
    await secretElement.waitFor();
    const secret = (await secretElement.getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await dialog.getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    await shootBoth(page, 'profile-2fa-dialog');
    const enabledAt = Date.now();
    await dialog.getByLabel('الرمز من التطبيق').fill(generateTotp(secret, enabledAt));
    await dialog.getByRole('button', { name: 'تفعيل' }).click();
    const codes = page.getByRole('alertdialog', { name: 'رموز الاسترداد' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
    await shootBoth(page, 'profile-2fa-recovery-codes');
    await codes.getByRole('button', { name: 'حفظت الرموز' }).click();
    await page.getByText('مفعّل', { exact: true }).waitFor();
    await signOut(page);

    // Sign in again: the code step, a wrong code, then the next code of the app.
    await fillCredentials(page, person.email, person.password);
    await page.getByText('التحقق بخطوتين مطلوب').waitFor();
    expect(await authToken(page)).toBeNull();
    await shootBoth(page, 'personal-login-2fa');
    const nextStepMs =
      (Math.floor(enabledAt / 1000 / TOTP_PERIOD_SECONDS) + 1) * TOTP_PERIOD_SECONDS * 1000;
    const goodCode = generateTotp(secret, nextStepMs);
    const wrongCode = goodCode === '000000' ? '111111' : '000000';
    await page.getByLabel('رمز التحقق').fill(wrongCode);
    await page.getByRole('button', { name: 'تحقق' }).click();
    await page.getByText('رمز التحقق غير صحيح').waitFor();
    expect(await page.getByText('فشل التحقق').count()).toBe(1);
    await shootBoth(page, 'personal-login-2fa-error');
    // Typed on an Arabic keyboard: Arabic-Indic digits.
    const arabicIndic = goodCode.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await page.getByLabel('رمز التحقق').fill(arabicIndic);
    await page.getByRole('button', { name: 'تحقق' }).click();
    await page.waitForURL('**/dashboard');
    expect(await authToken(page)).toBeTruthy();
    await signOut(page);

    // Forgot password through the mailed link.
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('البريد الإلكتروني').fill(person.email);
    await page.getByRole('button', { name: 'إرسال الرابط' }).click();
    await page.getByText(/إذا كان هذا البريد مسجلاً لدينا/).waitFor();
    await shootBoth(page, 'personal-forgot-sent');
    const mail = readOutbox(app.server.dataDir)
      .filter((line) => line.to === person.email && line.text.includes('/forgot-password#token='))
      .at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/forgot-password#token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(`/forgot-password${new URL(link as string).hash}`);
    await page.getByRole('heading', { name: 'تعيين كلمة مرور جديدة' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.getByText('كلمة المرور يجب أن تكون 8 أحرف على الأقل').waitFor();
    await shootBoth(page, 'personal-reset-form');
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('NewSecret9');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('NewSecret9');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.getByText(/تم تغيير كلمة المرور بنجاح/).waitFor();
    // The used link, opened again from the mail, says at once that it no longer works.
    const again = await app.openPage();
    await again.goto(`/forgot-password${new URL(link as string).hash}`);
    await again.getByRole('heading', { name: 'هذا الرابط لم يعد يعمل' }).waitFor();
    expect(await again.getByLabel('كلمة المرور الجديدة', { exact: true }).count()).toBe(0);
    await shootBoth(again, 'personal-reset-dead-link');
    await page.getByRole('link', { name: 'تسجيل الدخول' }).first().click();
    await page.waitForURL('**/login');
    await fillCredentials(page, person.email, 'NewSecret9');
    await page.getByText('التحقق بخطوتين مطلوب').waitFor();

    expect(errors).toEqual([]);
  }, 180_000);

  it('registers with an email that has an account like with any other; only its mailbox hears of it', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page, REFUSED);
    const { person: owner } = await registerConfirmedPerson(page, app.server.dataDir, newPerson(), {
      prove: false,
    });
    await page.evaluate(() => localStorage.clear());
    const newcomer = newPerson();

    await page.goto('/register');
    await page.getByLabel('الاسم الأول').fill(newcomer.firstName);
    await page.getByLabel('اسم العائلة').fill(newcomer.lastName);
    await page.getByLabel('رقم الهوية الوطنية').fill(newcomer.nationalId);
    await page.getByLabel('رقم الجوال').fill(newcomer.phoneNumber);
    await page.locator('input[type=email]').fill(owner.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(newcomer.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(newcomer.password);
    await page.getByRole('radio', { name: 'البريد الإلكتروني' }).check();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    // The code step of any registration (no "email taken"), with what a taken address gets.
    await page.getByRole('heading', { name: 'تأكيد الحساب' }).waitFor();
    await page.getByText(/إن كان لهذا البريد حساب في تنقين فلن يصله رمز/).waitFor();

    const toOwner = readOutbox(app.server.dataDir).filter((line) => line.to === owner.email);
    // In the owner's language (Arabic, the registration's), alone.
    expect(toOwner.at(-1)?.subject).toBe('محاولة لاستخدام بريدك الإلكتروني في تنقين');
    expect(toOwner.at(-1)?.text).not.toMatch(/\b\d{6}\b/);
    expect(errors).toEqual([]);
  }, 60_000);

  it('paints the sign-in pages from their HTML before the app runs, keeps what was typed and sends a press made before the app had the page', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page, REFUSED);
    // The app's entry is held: what shows meanwhile is the page's own HTML.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/register');
    await page.getByRole('heading', { name: 'إنشاء حساب شخصي' }).waitFor();
    expect(await page.getByLabel('رقم الهوية الوطنية').count()).toBe(1);
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'البريد الإلكتروني' });
    await email.fill('early@example.com');
    await page.getByLabel('كلمة المرور').fill('Early-password1');
    await page.getByLabel('تذكرني').check();
    const sent = page.waitForRequest('**/api/v1/auth/login');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    // The browser never sent the form itself (its fields would be in the address).
    expect(new URL(page.url()).search).toBe('');
    release();
    expect((await sent).postDataJSON()).toEqual({
      email: 'early@example.com',
      password: 'Early-password1',
      remember: true,
    });
    await page.getByText('فشل تسجيل الدخول').waitFor();
    expect(await email.inputValue()).toBe('early@example.com');
    expect(await page.getByLabel('تذكرني').isChecked()).toBe(true);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);

    // A signed-in person asking for /login never sees its form: the dashboard comes instead.
    await registerConfirmedPerson(page, app.server.dataDir);
    const shown: boolean[] = [];
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      shown.push(await page.locator('main').isVisible());
      await route.continue();
    });
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('opens a cold /login in at most 25 requests, guards personal pages and sends a signed-in person away from /login', async () => {
    const page = await app.openPage();
    // Fast on a phone (issue 32.7): a cold sign-in page, with what it fetches once idle, in few
    // requests (it took 76 when every component, icon and namespace was its own file).
    const requests: string[] = [];
    const count = (request: { url(): string }) => requests.push(request.url());
    page.on('request', count);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
    // The page is pre-rendered; its app runs at the first use: counted until it has the page.
    await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).focus();
    await page.waitForFunction(() => document.documentElement.dataset.prerendered === undefined);
    await page.waitForLoadState('networkidle');
    page.off('request', count);
    expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(25);
    for (const path of ['/profile-settings', '/dashboard', '/documents']) {
      await page.goto(path);
      await page.waitForURL(`**/login?redirect=${encodeURIComponent(path)}`);
    }
    // A real session: with a made-up token the dashboard's first call would end it (401) and
    // send the person back to /login before the next redirect is tried.
    await registerConfirmedPerson(page, app.server.dataDir);
    // Forms the browser itself normalises to '//evil.example': the person stays on this site.
    for (const redirect of [
      '%2F%2Fevil.example',
      '/..//evil.example/',
      '/%2e%2e//evil.example/',
      '/./..//evil.example/',
      '/%252e%252e//evil.example/',
    ]) {
      await page.goto(`/login?redirect=${redirect}`);
      await page.waitForURL('**/dashboard');
      expect(new URL(page.url()).origin).toBe(app.server.baseUrl);
    }
  }, 60_000);
});
