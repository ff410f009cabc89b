import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  collectConsoleErrors,
  horizontalOverflow,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** A real integrator call: Basic api_key:api_secret plus the organisation's client id. */
function generateToken(page: Page, clientId: string, key: { apiKey: string; apiSecret: string }) {
  return page.request.post('/v1/tokens/generate', {
    headers: integratorHeaders(clientId, { api_key: key.apiKey, api_secret: key.apiSecret }),
    data: { data: { full_name: 'محمد أحمد القحطاني' }, data_scope: 'identity', expires_in: 600 },
  });
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

describe('security dashboard', () => {
  const app = useAppAndBrowser();

  it('creates a key, shows its secret once, counts its real use, turns it off, deletes it; adds a trusted IP; lists the events', async () => {
    const page = await app.openPage('desktop');
    const errors = collectConsoleErrors(page);
    const { admin, organization } = await signUpOrganization(page, 'riyadh-pay', 'مدفوعات الرياض');
    await signIn(page, admin);

    // A new organisation: no active key (-20) and no trusted IP (-10).
    await page.goto('/org-dashboard?section=verification');
    await page.getByTestId('security-score').filter({ hasText: '70/100' }).waitFor();
    await page.getByText('جيد', { exact: true }).waitFor();
    // The keys item is its own page: the keys and the network controls, no statistics.
    await page.goto('/org-dashboard?section=keys');
    await page.getByRole('heading', { level: 2, name: 'إدارة المفاتيح' }).waitFor();
    await page.getByRole('heading', { name: 'لا توجد مفاتيح API' }).waitFor();
    expect(await page.getByTestId('security-score').count()).toBe(0);
    await saveScreenshot(page, 'security-keys-empty-desktop');

    // Create: disabled until a name is typed; the two default scopes are ticked.
    await page.getByRole('button', { name: 'إنشاء مفتاح جديد' }).click();
    const dialog = page.getByRole('dialog', { name: 'إنشاء مفتاح API جديد' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'إنشاء المفتاح' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('اسم المفتاح').fill('خادم التكامل');
    expect(await dialog.getByRole('checkbox', { name: /token:generate/ }).isChecked()).toBe(true);
    expect(await submit.isEnabled()).toBe(true);
    await saveScreenshot(page, 'security-keys-create-dialog-desktop');
    await submit.click();

    await toast(page, 'تم إنشاء مفتاح API بنجاح!').waitFor();
    const shownOnce = page.getByRole('region', { name: 'تم إنشاء المفتاح «خادم التكامل»' });
    await shownOnce.waitFor();
    const [apiKey, apiSecret] = await shownOnce.locator('code').allTextContents();
    expect(apiKey).toMatch(/^tqk_live_/);
    expect(apiSecret).toMatch(/^tqs_live_/);
    await shownOnce.getByRole('button', { name: 'نسخ سر المفتاح' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(apiSecret);
    await saveScreenshot(page, 'security-keys-secret-once-desktop');

    // The key works for a real integrator call...
    const generated = await generateToken(page, organization.client_id, {
      apiKey: apiKey!,
      apiSecret: apiSecret!,
    });
    expect(generated.status()).toBe(201);

    // ...and after a reload the secret is gone for good while the use is counted.
    await page.reload();
    const card = page.getByRole('group', { name: 'خادم التكامل' });
    await card.getByText('1 من 1,000 طلب').waitFor();
    expect(await page.getByText(apiSecret!, { exact: true }).count()).toBe(0);
    expect(await card.getByText(apiKey!, { exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'إظهار المفتاح خادم التكامل' }).click();
    await card.getByText(apiKey!, { exact: true }).waitFor();
    expect(await card.getByText('127.0.0.1').getAttribute('dir')).toBe('ltr');
    await card.getByRole('meter').and(page.locator('[data-level="low"]')).waitFor();
    await saveScreenshot(page, 'security-keys-list-desktop');

    // Off: the switch's state reaches the API, and calls with the key are refused.
    const toggle = card.getByRole('switch', { name: 'تفعيل المفتاح خادم التكامل' });
    await toggle.click();
    await card.getByText('معطّل', { exact: true }).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const refused = await generateToken(page, organization.client_id, {
      apiKey: apiKey!,
      apiSecret: apiSecret!,
    });
    expect(refused.status()).toBe(401);

    // IP and geographic controls: add a trusted IP (the dialog waits for IP and description).
    await page.getByRole('tab', { name: 'التحكم في IP والمواقع الجغرافية' }).click();
    await page.getByRole('heading', { name: 'لا توجد عناوين IP موثوقة' }).waitFor();
    await page.getByRole('button', { name: 'إضافة عنوان IP' }).click();
    const ipDialog = page.getByRole('dialog', { name: 'إضافة عنوان IP موثوق' });
    const addIp = ipDialog.getByRole('button', { name: 'إضافة العنوان' });
    await ipDialog.getByLabel('عنوان IP').fill('203.0.113.0/24');
    expect(await addIp.isDisabled()).toBe(true);
    await ipDialog.getByLabel('الوصف', { exact: true }).fill('مكتب الرياض');
    await saveScreenshot(page, 'security-network-add-ip-dialog-desktop');
    await addIp.click();
    await toast(page, 'تمت إضافة عنوان IP الموثوق بنجاح').waitFor();
    const ipTable = page.getByRole('region', { name: 'جدول عناوين IP الموثوقة' });
    await ipTable.getByText('203.0.113.0/24').waitFor();
    await ipTable.getByText('جميع المفاتيح').waitFor();
    expect(await ipTable.getByText('203.0.113.0/24').getAttribute('dir')).toBe('ltr');

    await page.getByRole('switch', { name: 'الحظر الجغرافي' }).click();
    await toast(page, 'تم تفعيل الحظر الجغرافي').waitFor();
    await saveScreenshot(page, 'security-network-desktop');
    await page.getByRole('switch', { name: 'الحظر الجغرافي' }).click();
    await toast(page, 'تم إيقاف الحظر الجغرافي').waitFor();

    await page.getByRole('tab', { name: 'قواعد الدول' }).click();
    await page.getByText('الحظر الجغرافي معطّل', { exact: false }).waitFor();
    const countries = page.getByRole('region', { name: 'الدول' });
    await expect(countries.locator('li').first().getAttribute('data-country')).resolves.toBe('SA');
    // The policy can be prepared while geo blocking is off: block Egypt, saved at once.
    await page.getByPlaceholder('ابحث باسم الدولة أو رمزها').fill('مصر');
    await countries.locator('li').nth(1).waitFor({ state: 'detached' });
    await expect(countries.locator('li').getAttribute('data-country')).resolves.toBe('EG');
    await countries.getByRole('checkbox', { name: /مصر/ }).check();
    await page.getByRole('button', { name: 'حفظ السياسة' }).click();
    await toast(page, 'حُفظت سياسة الدول وأصبحت سارية الآن.').waitFor();
    await page.getByText('الدول المحظورة: 1').waitFor();
    await saveScreenshot(page, 'security-countries-desktop');

    // Events (the verification item): the key's first use and its switching off were recorded.
    await page.goto('/org-dashboard?section=verification');
    const events = page.getByRole('region', { name: 'جدول أحداث الأمان' });
    await events.getByText('أول استخدام للمفتاح').waitFor();
    await events.getByText('مفتاح معطّل').first().waitFor();
    await saveScreenshot(page, 'security-events-desktop');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تصدير CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^security-events-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await toast(page, 'تم تصدير أحداث الأمان بنجاح').waitFor();
    const firstOpen = events.getByRole('button', { name: 'حل' }).first();
    await firstOpen.click();
    await toast(page, 'تم تعليم الحدث كمحلول').waitFor();
    await events.getByText('محلول', { exact: true }).first().waitFor();

    // Notification settings: an email for critical findings, with its active switch.
    await page.getByRole('tab', { name: 'إعدادات الإشعارات' }).click();
    await page.getByRole('heading', { name: 'لا توجد إشعارات' }).waitFor();
    await page.getByRole('button', { name: 'إضافة إشعار' }).click();
    const notificationDialog = page.getByRole('dialog', { name: 'إضافة إشعار' });
    const addNotification = notificationDialog.getByRole('button', { name: 'إضافة الإشعار' });
    await notificationDialog.getByLabel('البريد الإلكتروني').fill('soc@riyadh-pay.example.sa');
    expect(await addNotification.isDisabled()).toBe(true);
    await notificationDialog.getByRole('checkbox', { name: 'نشاط مشبوه' }).check();
    await notificationDialog.getByRole('checkbox', { name: 'تجاوز حد الطلبات' }).check();
    await saveScreenshot(page, 'security-notifications-dialog-desktop');
    await addNotification.click();
    // A new mailbox is sent a link to confirm first (issue 32.4); the card says so.
    await toast(page, 'أُرسل رابط تأكيد إلى soc@riyadh-pay.example.sa').waitFor();
    await page.getByText('بانتظار التأكيد', { exact: true }).waitFor();
    const notificationSwitch = page.getByRole('switch', {
      name: 'تفعيل الإشعار إلى soc@riyadh-pay.example.sa',
    });
    expect(await notificationSwitch.getAttribute('aria-checked')).toBe('true');
    await notificationSwitch.click();
    await page.getByText('معطّل', { exact: true }).waitFor();
    await saveScreenshot(page, 'security-notifications-desktop');
    await page
      .getByRole('button', { name: 'سجل التسليم للإشعار إلى soc@riyadh-pay.example.sa' })
      .click();
    const deliveryLog = page.getByRole('region', { name: 'سجل التسليم', exact: true });
    await deliveryLog
      .getByRole('heading', { name: 'لا توجد عمليات تسليم بعد' })
      .or(deliveryLog.getByRole('table'))
      .waitFor();
    await saveScreenshot(page, 'security-notifications-delivery-log-desktop');

    // Delete after confirming (the keys item); the list is empty again.
    await page.goto('/org-dashboard?section=keys');
    await page.getByRole('button', { name: 'حذف المفتاح خادم التكامل' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'حذف مفتاح API' });
    await saveScreenshot(page, 'security-keys-delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'حذف المفتاح' }).click();
    await toast(page, 'تم حذف مفتاح API بنجاح').waitFor();
    await page.getByRole('heading', { name: 'لا توجد مفاتيح API' }).waitFor();

    expect(await errorToast(page, 'تعذر').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a phone: every tab, the dialog and the tables stay within the screen', async () => {
    const page = await app.openPage('mobile');
    const errors = collectConsoleErrors(page);
    const { admin, organization } = await signUpOrganization(page, 'jeddah-ins', 'تأمين جدة');
    await signIn(page, admin);

    await page.goto('/org-dashboard?section=keys');
    await page.getByRole('heading', { name: 'لا توجد مفاتيح API' }).waitFor();
    await saveScreenshot(page, 'security-keys-empty-mobile');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'إنشاء مفتاح جديد' }).click();
    const dialog = page.getByRole('dialog', { name: 'إنشاء مفتاح API جديد' });
    await dialog.getByLabel('اسم المفتاح').fill('تطبيق الجوال');
    await dialog.getByLabel(/عناوين IP المسموح بها/).fill('198.51.100.7, 2001:db8::/32');
    await saveScreenshot(page, 'security-keys-create-dialog-mobile');
    await dialog.getByRole('button', { name: 'إنشاء المفتاح' }).click();
    const shownOnce = page.getByRole('region', { name: 'تم إنشاء المفتاح «تطبيق الجوال»' });
    await shownOnce.waitFor();
    const [apiKey, apiSecret] = await shownOnce.locator('code').allTextContents();
    await saveScreenshot(page, 'security-keys-secret-once-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    // Refused from this address (not in the key's allowed IPs): a security event.
    const refused = await generateToken(page, organization.client_id, {
      apiKey: apiKey!,
      apiSecret: apiSecret!,
    });
    expect(refused.status()).toBe(403);
    await shownOnce.getByRole('button', { name: 'حفظت سر المفتاح، أخفِه' }).click();
    await page.getByRole('group', { name: 'تطبيق الجوال' }).waitFor();
    await saveScreenshot(page, 'security-keys-list-mobile');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('tab', { name: 'التحكم في IP والمواقع الجغرافية' }).click();
    await page.getByRole('button', { name: 'إضافة عنوان IP' }).click();
    const ipDialog = page.getByRole('dialog', { name: 'إضافة عنوان IP موثوق' });
    await ipDialog.getByLabel('عنوان IP').fill('2001:db8::1');
    await ipDialog.getByLabel('الوصف', { exact: true }).fill('خادم النسخ الاحتياطي');
    await ipDialog.getByLabel('مفتاح API').selectOption({ label: 'تطبيق الجوال' });
    await ipDialog.getByRole('button', { name: 'إضافة العنوان' }).click();
    const ipTable = page.getByRole('region', { name: 'جدول عناوين IP الموثوقة' });
    await ipTable.getByText('2001:db8::1').waitFor();
    await ipTable.getByText('تطبيق الجوال').waitFor();
    await saveScreenshot(page, 'security-network-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    // The table scrolls sideways inside its own region.
    const tableScroll = await ipTable.evaluate(
      (element) => element.scrollWidth > element.clientWidth,
    );
    expect(tableScroll).toBe(true);

    await page.getByRole('tab', { name: 'قواعد الدول' }).click();
    await page.getByPlaceholder('ابحث باسم الدولة أو رمزها').fill('sa');
    await saveScreenshot(page, 'security-countries-mobile');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto('/org-dashboard?section=verification');
    const events = page.getByRole('region', { name: 'جدول أحداث الأمان' });
    await events.getByText('عنوان IP محظور').waitFor();
    // Each event is a card on a phone: its status and the resolve button are on screen.
    expect(await events.getByText('مفتوح').first().isVisible()).toBe(true);
    const resolve = events.getByRole('button', { name: 'حل', exact: true }).first();
    const box = await resolve.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await saveScreenshot(page, 'security-events-mobile');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('tab', { name: 'إعدادات الإشعارات' }).click();
    await saveScreenshot(page, 'security-notifications-mobile');
    expect(await horizontalOverflow(page)).toBe(0);

    // The verification menu item opens on the events tab.
    await page.goto('/org-dashboard?section=verification');
    await page.getByRole('heading', { level: 2, name: 'التحقق والأمان' }).waitFor();
    expect(
      await page.getByRole('tab', { name: 'أحداث الأمان' }).getAttribute('aria-selected'),
    ).toBe('true');
    await events.getByText('عنوان IP محظور').waitFor();

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
