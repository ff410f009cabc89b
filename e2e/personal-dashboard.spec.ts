import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot, viewports } from './support/browser.ts';
import { newPerson, registerConfirmedPerson } from './support/individuals.ts';
import {
  collectConsoleErrors,
  createApiKey,
  horizontalOverflow,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** Screenshots of the current state at 1366 and 390 px, each checked for overflow. */
async function screenshotBoth(page: Page, name: string) {
  for (const viewport of ['desktop', 'mobile'] as const) {
    await page.setViewportSize(viewports[viewport]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `personal-dashboard-${viewport}-${name}`);
  }
  await page.setViewportSize(viewports.desktop);
}

describe('personal dashboard', () => {
  const app = useAppAndBrowser();

  it('shows the codes issued for the person, who used them, when and which fields; a revoked code answers 410', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const { person } = await registerConfirmedPerson(page, app.server.dataDir, newPerson());
    const { nationalId, phoneNumber } = person;

    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'رموزي وسجل استخدامها' }).waitFor();
    await page.getByRole('heading', { name: 'لا توجد رموز لهويتك بعد' }).waitFor();
    await page.getByText(/قسم «تنقين» في تطبيق الجهة/).waitFor();
    await screenshotBoth(page, 'empty');

    // An organisation's app issues two codes for this national id, addressed to a bank.
    const issuer = await signUpOrganization(page, 'telecom', 'شركة الاتصالات المتقدمة');
    const issuerToken = await signIn(page, issuer.admin);
    const issuerHeaders = integratorHeaders(
      issuer.organization.client_id,
      await createApiKey(page, issuerToken, { key_name: 'Personal dashboard e2e key' }),
    );
    const bank = await signUpOrganization(page, 'bank', 'بنك الرياض الرقمي', {
      adminName: ['ريم', 'الشهري'],
    });
    const bankToken = await signIn(page, bank.admin);
    const bankHeaders = integratorHeaders(
      bank.organization.client_id,
      await createApiKey(page, bankToken, { key_name: 'Personal dashboard e2e key' }),
    );
    const generate = async (data: Record<string, string>) => {
      const response = await page.request.post('/v1/tokens/generate', {
        headers: issuerHeaders,
        data: {
          data,
          expires_in: 3600,
          audience: bank.organization.client_id,
          subject: { national_id: nationalId },
        },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { token: string }).token;
    };
    const usedCode = await generate({
      full_name: 'سارة القحطاني',
      national_id: nationalId,
      birth_date: '1990-05-01',
    });
    const revokedCode = await generate({ full_name: 'سارة القحطاني', phone: phoneNumber });

    await page.goto('/dashboard');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    const first = cards.filter({ hasText: 'تاريخ الميلاد' });
    await first.getByRole('heading', { name: 'شركة الاتصالات المتقدمة' }).waitFor();
    await first.getByText('نشط', { exact: true }).waitFor();
    await first.getByText('موجَّه إلى بنك الرياض الرقمي').waitFor();
    await first.getByText('الاسم الكامل').waitFor();
    await first.getByText('رقم الهوية').waitFor();
    await screenshotBoth(page, 'codes');

    // The bank decrypts the first code.
    const verified = await page.request.post('/v1/tokens/verify', {
      headers: bankHeaders,
      data: { token: usedCode },
    });
    expect(verified.status()).toBe(200);

    await page.reload();
    const used = page.getByRole('article').filter({ hasText: 'تاريخ الميلاد' });
    await used.getByText('مستخدم', { exact: true }).waitFor();
    await used.getByText('بواسطة بنك الرياض الرقمي').waitFor();
    await used.getByRole('button', { name: /^سجل الاستخدام/ }).click();
    const trail = used.getByRole('list', { name: 'سجل استخدام الرمز' });
    const verifiedEntry = trail
      .getByRole('listitem')
      .filter({ hasText: 'فُكّ تشفير الرمز لدى بنك الرياض الرقمي' });
    await verifiedEntry.waitFor();
    await verifiedEntry.getByText('الحقول: الاسم الكامل، رقم الهوية، تاريخ الميلاد').waitFor();
    // When: an Arabic long date with the time, and the exact instant for machines.
    const at = await verifiedEntry.locator('time').getAttribute('datetime');
    expect(Math.abs(Date.parse(at ?? '') - Date.now())).toBeLessThan(5 * 60_000);
    expect(await verifiedEntry.locator('time').textContent()).toMatch(/\d{4} في \d/);
    await trail.getByText('أُصدر الرمز من شركة الاتصالات المتقدمة').waitFor();
    // Names only: no value of the person's data is ever on the page.
    expect(await page.content()).not.toContain('1990-05-01');
    await screenshotBoth(page, 'trail');

    // The person revokes the second code.
    const active = page.getByRole('article').filter({ hasText: 'رقم الجوال' });
    await active.getByRole('button', { name: 'إلغاء الرمز' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'إلغاء هذا الرمز؟' });
    await dialog.waitFor();
    await dialog.getByText(/لن يكون بإمكان بنك الرياض الرقمي/).waitFor();
    await screenshotBoth(page, 'revoke-dialog');
    await dialog.getByRole('button', { name: 'إلغاء الرمز' }).click();
    await page.getByText('أُلغي الرمز. لن تستطيع أي جهة استخدامه.').waitFor();
    await active.getByText('ملغى', { exact: true }).waitFor();
    expect(await active.getByRole('button', { name: 'إلغاء الرمز' }).count()).toBe(0);

    const refused = await page.request.post('/v1/tokens/verify', {
      headers: bankHeaders,
      data: { token: revokedCode },
    });
    expect(refused.status()).toBe(410);

    // The refused attempt joins the revoked code's trail.
    await page.getByRole('button', { name: 'تحديث' }).click();
    await active.getByRole('button', { name: /^سجل الاستخدام/ }).click();
    await active.getByText('ألغي الرمز بطلبك').waitFor();
    await active
      .getByText('رُفضت محاولة من بنك الرياض الرقمي لفك تشفير الرمز: الرمز ملغى')
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor without a personal token to sign in, back to /dashboard afterwards', async () => {
    const page = await app.openPage('mobile');
    // The pre-rendered frame is never shown to someone who is not signed in.
    const shown: boolean[] = [];
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      shown.push(await page.locator('main').isVisible());
      await route.continue();
    });
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
    expect(shown).toEqual([false]);
    await page.context().close();
  });

  it('paints its frame from the HTML before the app runs, then the page with its data in its place (issue 32.7)', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page);
    await registerConfirmedPerson(page, app.server.dataDir, newPerson());
    // The app's entry is held: what shows meanwhile is the dashboard's frame, from its HTML.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entryAsked = new Promise<void>((resolve) => {
      void page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        resolve();
        await held;
        await route.continue();
      });
    });
    await page.goto('/dashboard');
    // Asked once the frame has been painted, not at the visitor's first use as the sign-in pages.
    await entryAsked;
    await page.getByRole('heading', { level: 1, name: 'رموزي وسجل استخدامها' }).waitFor();
    const lockCard = page.getByRole('region', { name: 'جارٍ تحميل حالة القفل...' });
    expect(await lockCard.getAttribute('aria-busy')).toBe('true');
    await lockCard.getByText('ولا يُستخدم رمز صدر له قبل القفل', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'قفل رقم الهوية' }).count()).toBe(0);
    await saveScreenshot(page, 'personal-dashboard-mobile-frame');
    release();
    await page.getByRole('heading', { name: 'رقم هويتك مفتوح' }).waitFor();
    await page.getByRole('heading', { name: 'لا توجد رموز لهويتك بعد' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.prerendered === undefined);
    // One page: the frame went when the app's page came.
    expect(await page.locator('main').count()).toBe(1);
    await page.getByRole('button', { name: 'قفل رقم الهوية' }).click();
    await page.getByRole('heading', { name: 'رقم هويتك مقفل' }).waitFor();

    // A reader who chose English never sees the Arabic frame: the app renders the English page.
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    const arabicShown: boolean[] = [];
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      arabicShown.push(await page.getByText('رموزي وسجل استخدامها').first().isVisible());
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My codes and their use' }).waitFor();
    expect(arabicShown).toEqual([false]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
