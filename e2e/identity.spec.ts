import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { screenshotsWanted, viewports } from './support/browser.ts';
import {
  lastCodeTo,
  newPerson,
  registerConfirmedPerson,
  shootBoth,
} from './support/individuals.ts';
import {
  collectConsoleErrors,
  createApiKey,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** Every call the page makes for code metadata, to show there is none before the proof. */
function watchCodeCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/(me\/codes|individuals\/me\/tokens)/.test(request.url())) {
      calls.push(request.url());
    }
  });
  return calls;
}

describe('a person proves their identity before seeing their codes', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('registers, confirms, proves the national id at the development provider, sees the codes', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const codeCalls = watchCodeCalls(page);
    const person = newPerson();

    // A bank issues a code for this national id before its owner has an account.
    const bank = await signUpOrganization(page, 'identity-bank', 'بنك الهوية الرقمي');
    const bankHeaders = integratorHeaders(
      bank.organization.client_id,
      await createApiKey(page, await signIn(page, bank.admin), { key_name: 'Identity e2e key' }),
    );
    const generated = await page.request.post('/v1/tokens/generate', {
      headers: bankHeaders,
      data: { data: { full_name: 'سارة العتيبي' }, subject: { national_id: person.nationalId } },
    });
    expect(generated.status()).toBe(201);

    // Registration and confirmation, in the browser.
    await page.goto('/register');
    await page.getByLabel('الاسم الأول').fill(person.firstName);
    await page.getByLabel('اسم العائلة').fill(person.lastName);
    await page.getByLabel('رقم الهوية الوطنية').fill(person.nationalId);
    await page.getByLabel('رقم الجوال').fill(person.phoneNumber);
    await page.locator('input[type=email]').fill(person.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(person.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(person.password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByRole('heading', { name: 'تأكيد الحساب' }).waitFor();
    await page.getByLabel('رمز التأكيد').fill(lastCodeTo(app.server.dataDir, person.phoneNumber));
    await page.getByRole('button', { name: 'تأكيد الحساب' }).click();
    await page.waitForURL('**/dashboard');

    // Before the proof: why the codes are hidden, and no code metadata in any answer.
    await page.getByRole('heading', { name: 'أثبت هويتك لترى رموزك' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    expect(codeCalls).toEqual([]);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const refused = await page.request.get('/api/v1/individuals/me/tokens', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'identity_unverified' });
    expect(await refused.text()).not.toContain('بنك الهوية الرقمي');
    await shootBoth(page, 'identity-dashboard-unproven-ar');

    // The development identity provider: one field, clearly for development.
    await page.getByRole('button', { name: 'إثبات الهوية' }).click();
    await page.waitForURL(/\/dev-idp\/interaction\//);
    await page.getByText('للتطوير فقط').waitFor();
    expect(await page.locator('input').count()).toBe(1);
    await shootBoth(page, 'identity-dev-provider');
    await page.getByLabel('رقم الهوية', { exact: true }).fill(person.nationalId);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();

    // Back at the platform: proven, and the codes are there.
    await page.waitForURL(/\/identity\/callback\?/);
    await page.getByRole('heading', { name: 'ثبتت هويتك' }).waitFor();
    await shootBoth(page, 'identity-callback-proven-ar');
    await page.getByRole('link', { name: 'عرض رموزي' }).click();
    await page.waitForURL('**/dashboard');
    const card = page.getByRole('article').filter({ hasText: 'بنك الهوية الرقمي' });
    await card.waitFor();
    expect(await page.getByRole('article').count()).toBe(1);

    // Locking the national id: the bank can no longer issue a code for it.
    await page.getByRole('button', { name: 'قفل رقم الهوية' }).click();
    await page.getByRole('heading', { name: 'رقم هويتك مقفل' }).waitFor();
    await shootBoth(page, 'identity-locked-ar');
    const whileLocked = await page.request.post('/v1/tokens/generate', {
      headers: bankHeaders,
      data: { data: { full_name: 'سارة العتيبي' }, subject: { national_id: person.nationalId } },
    });
    expect(whileLocked.status()).toBe(403);
    expect(await whileLocked.json()).toMatchObject({ code: 'subject_locked' });
    // The refusal is a notice on the dashboard too, and the card says what the lock covers.
    await page.reload();
    await page.getByText('فرُفض الطلب لأن رقم هويتك مقفل', { exact: false }).waitFor();
    await page.getByText('ولا يُستخدم رمز صدر له قبل القفل', { exact: false }).waitFor();
    await shootBoth(page, 'identity-locked-refused-notice-ar');
    await page.getByRole('button', { name: 'فتح القفل' }).click();
    const dialog = page.getByRole('dialog', { name: 'فتح قفل رقم الهوية' });
    await dialog.getByLabel('كلمة المرور').fill(person.password);
    await shootBoth(page, 'identity-unlock-dialog-ar');
    await dialog.getByRole('button', { name: 'فتح القفل' }).click();
    await page.getByRole('heading', { name: 'رقم هويتك مفتوح' }).waitFor();

    expect(errors).toEqual([]);
  });

  it('in English: the reason, the way to prove, and another national id offered in place of the typed one', async () => {
    const page = await app.openPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    const { person } = await registerConfirmedPerson(
      page,
      app.server.dataDir,
      { ...newPerson(), language: 'en' },
      { prove: false },
    );
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Prove your identity to see your codes' }).waitFor();
    await shootBoth(page, 'identity-dashboard-unproven-en');

    // Another national id at the provider than the typed one: offered in its place (a typo).
    await page.getByRole('button', { name: 'Prove my identity' }).click();
    await page.waitForURL(/\/dev-idp\/interaction\//);
    await page.getByLabel('National ID').fill(newPerson().nationalId);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('heading', {
        name: 'The identity provider proved another national id than the one you typed',
      })
      .waitFor();
    await page.getByText(`you typed one ending in ${person.nationalId.slice(-4)}`).waitFor();
    await shootBoth(page, 'identity-callback-correction-en');

    // Not taken: proving the typed one instead works.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.getByRole('button', { name: 'Prove my identity' }).click();
    await page.waitForURL(/\/dev-idp\/interaction\//);
    await page.getByLabel('National ID').fill(person.nationalId);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your identity is proven' }).waitFor();
    await shootBoth(page, 'identity-callback-proven-en');
    await page.getByRole('link', { name: 'See my codes' }).click();
    await page.getByRole('heading', { name: 'No codes for your identity yet' }).waitFor();
    await page.getByRole('heading', { name: 'Your national id is unlocked' }).waitFor();
    await shootBoth(page, 'identity-unlocked-en');
    await page.getByRole('button', { name: 'Lock my national id' }).click();
    await page.getByRole('heading', { name: 'Your national id is locked' }).waitFor();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('dialog', { name: 'Unlock your national id' }).waitFor();
    await shootBoth(page, 'identity-unlock-dialog-en');
  });
});

/** The header and the footer alone, at 1366 and 390 px, to look at them closely. */
async function shootHeaderAndFooter(page: Page, name: string) {
  if (!screenshotsWanted) return;
  for (const viewport of ['desktop', 'mobile'] as const) {
    await page.setViewportSize(viewports[viewport]);
    await page
      .getByRole('banner')
      .screenshot({ path: `screenshots/${name}-header-${viewport}.png` });
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `screenshots/${name}-footer-${viewport}.png` });
  }
  await page.setViewportSize(viewports.desktop);
}

describe('a way in for individuals', () => {
  const app = useAppAndBrowser();

  it('the landing header and footer, /org-auth and the assistant lead to the personal sign-in', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'للأفراد: الدخول إلى حسابك الشخصي' }).waitFor();
    await shootBoth(page, 'way-in-landing-ar');
    await shootHeaderAndFooter(page, 'way-in-ar');
    const footer = page.getByRole('navigation', { name: 'للأفراد' });
    expect(await footer.getByRole('link', { name: 'إنشاء حساب شخصي' }).getAttribute('href')).toBe(
      '/register',
    );
    await header.getByRole('link', { name: 'للأفراد: الدخول إلى حسابك الشخصي' }).click();
    await page.waitForURL('**/login');

    await page.goto('/org-auth');
    await page.getByText(/لست جهة؟/).waitFor();
    await shootBoth(page, 'way-in-org-auth-ar');
    await page.getByRole('link', { name: 'إنشاء حساب شخصي' }).click();
    await page.waitForURL('**/register');

    await page.goto('/chat');
    const input = page.getByLabel('سؤالك');
    await input.fill('أين أسجل الدخول كفرد؟');
    await input.press('Enter');
    const answer = page.getByTestId('assistant-answer').first();
    await answer.getByText('يسجّل الأفراد الدخول إلى حسابهم الشخصي', { exact: false }).waitFor();
    expect(await answer.getByRole('link', { name: 'دخول الأفراد' }).getAttribute('href')).toBe(
      '/login',
    );
    await input.fill('where do I sign in as an individual');
    await input.press('Enter');
    await page
      .getByTestId('assistant-answer')
      .nth(1)
      .getByText('Individuals sign in (log in) to their personal account', { exact: false })
      .waitFor();
    await shootBoth(page, 'way-in-assistant');

    // The same in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'For individuals: your personal account' })
      .waitFor();
    await shootBoth(page, 'way-in-landing-en');
    await shootHeaderAndFooter(page, 'way-in-en');
    await page.goto('/org-auth');
    await page.getByText(/Not an organisation\?/).waitFor();
    await shootBoth(page, 'way-in-org-auth-en');
    expect(errors).toEqual([]);
  });
});
