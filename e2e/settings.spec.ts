import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  collectConsoleErrors,
  horizontalOverflow,
  openDashboardSection,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** Screenshots wait for the copy toast to leave, so they show the screen itself. */
async function settle(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: 'تم النسخ إلى الحافظة' })
    .waitFor({ state: 'detached' });
}

describe('settings item', () => {
  const app = useAppAndBrowser();

  it.each(['desktop', 'mobile'] as const)(
    'edits the profile, reveals and rotates the secret, shows members and security (%s)',
    async (viewport) => {
      const page = await app.openPage(viewport);
      const errors = collectConsoleErrors(page);
      const { admin, organization } = await signUpOrganization(
        page,
        `settings-${viewport}`,
        'شركة النخبة للتقنية',
        { adminName: ['نورة', 'الحربي'] },
      );
      const token = await signIn(page, admin);
      await openDashboardSection(page, viewport, 'الإعدادات', 'settings');

      // Profile: the saved values come back after a reload.
      const name = page.getByLabel('اسم الجهة');
      expect(await name.inputValue()).toBe('شركة النخبة للتقنية');
      expect(await page.getByLabel('المنطقة الزمنية').inputValue()).toBe('Asia/Riyadh');
      expect(await page.getByLabel('البريد الإلكتروني للجهة').inputValue()).toBe(
        organization.email,
      );
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `settings-${viewport}-profile`);

      await name.fill('');
      await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
      await page.getByText('اسم الجهة مطلوب').waitFor();
      await saveScreenshot(page, `settings-${viewport}-profile-error`);
      await name.fill('شركة النخبة للحلول الرقمية');
      await page.getByLabel('الشخص المسؤول').fill('سلمان العنزي');
      await page.getByLabel(/رقم الهاتف/).fill('0551234567');
      await page.getByLabel('المنطقة الزمنية').selectOption('Asia/Dubai');
      await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
      await page.getByText('تم حفظ التغييرات').waitFor();
      await page.getByRole('heading', { level: 1, name: 'شركة النخبة للحلول الرقمية' }).waitFor();

      await page.reload();
      await page.getByRole('tab', { name: 'ملف الجهة', selected: true }).waitFor();
      await page.getByLabel('اسم الجهة').waitFor();
      expect(await page.getByLabel('اسم الجهة').inputValue()).toBe('شركة النخبة للحلول الرقمية');
      expect(await page.getByLabel('الشخص المسؤول').inputValue()).toBe('سلمان العنزي');
      expect(await page.getByLabel(/رقم الهاتف/).inputValue()).toBe('0551234567');
      expect(await page.getByLabel('المنطقة الزمنية').inputValue()).toBe('Asia/Dubai');

      // Credentials: the secret is fetched on reveal; rotating replaces it at once.
      await page.getByRole('tab', { name: 'بيانات الاعتماد' }).click();
      await page.waitForURL(/tab=credentials/);
      await page.getByText(organization.client_id, { exact: true }).waitFor();
      await saveScreenshot(page, `settings-${viewport}-credentials`);
      await page.getByRole('button', { name: 'إظهار سر العميل' }).click();
      const headers = { Authorization: `Bearer ${token}` };
      const before = await page.request.get(
        `/api/v1/organizations/${organization.id}/credentials`,
        { headers },
      );
      const { client_secret: oldSecret } = (await before.json()) as { client_secret: string };
      await page.getByText(oldSecret, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'نسخ سر العميل' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldSecret);
      await settle(page);
      await saveScreenshot(page, `settings-${viewport}-credentials-revealed`);

      await page.getByRole('button', { name: 'تدوير سر العميل' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'تدوير سر العميل؟' });
      await dialog.getByText(/يتوقف السر الحالي عن العمل فوراً/).waitFor();
      await saveScreenshot(page, `settings-${viewport}-rotate-dialog`);
      await dialog.getByRole('button', { name: 'نعم، دوّر السر' }).click();
      await page.getByText(/هذا هو سر العميل الجديد/).waitFor();
      expect(await page.getByText(oldSecret, { exact: true }).count()).toBe(0);
      const after = await page.request.get(`/api/v1/organizations/${organization.id}/credentials`, {
        headers,
      });
      const { client_secret: newSecret } = (await after.json()) as { client_secret: string };
      expect(newSecret).not.toBe(oldSecret);
      await page.getByText(newSecret, { exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `settings-${viewport}-credentials-rotated`);

      // Members: the owner is listed as "you"; the invite dialog offers every role.
      await page.getByRole('tab', { name: 'الأعضاء والدعوات' }).click();
      const table = page.getByRole('region', { name: 'أعضاء الجهة' });
      await table.getByText(admin.email).waitFor();
      await table.getByText('أنت', { exact: true }).waitFor();
      await page.getByText('لا توجد دعوات معلّقة.').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `settings-${viewport}-members`);
      await page.getByRole('button', { name: 'دعوة عضو' }).click();
      const invite = page.getByRole('dialog', { name: 'دعوة عضو جديد' });
      expect(await invite.getByRole('radio').count()).toBe(5);
      await saveScreenshot(page, `settings-${viewport}-invite-dialog`);
      await invite.getByRole('button', { name: 'إلغاء' }).click();

      // Security: the switches of the security screen, working here too.
      await page.getByRole('tab', { name: 'إعدادات الأمان' }).click();
      const geoSwitch = page.getByRole('switch', { name: 'الحظر الجغرافي' });
      await geoSwitch.waitFor();
      expect(await geoSwitch.getAttribute('aria-checked')).toBe('false');
      await geoSwitch.click();
      const toast = page.getByRole('status').filter({ hasText: 'تم تفعيل الحظر الجغرافي' });
      await toast.waitFor();
      expect(await geoSwitch.getAttribute('aria-checked')).toBe('true');
      await toast.waitFor({ state: 'detached' });
      const org = await page.request.get(`/api/v1/organizations/${organization.id}`, { headers });
      expect(((await org.json()) as { geo_blocking_enabled: boolean }).geo_blocking_enabled).toBe(
        true,
      );
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `settings-${viewport}-security`);

      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
