import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  collectConsoleErrors,
  createApiKey,
  horizontalOverflow,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/**
 * The team's daily journey in the security center: rename a key and roll its secret from the
 * dashboard, then find in the request log the calls made with the old and new secrets and why
 * one was refused.
 */
describe('request log and key edit/roll', () => {
  const app = useAppAndBrowser();

  it.each(['desktop', 'mobile'] as const)(
    'edits and rolls a key, then explains a refused call from the request log (%s)',
    async (viewport) => {
      const page = await app.openPage(viewport);
      const errors = collectConsoleErrors(page);
      const org = await signUpOrganization(page, `log-${viewport}`, 'شركة السجل الرقمي');
      const token = await signIn(page, org.admin);
      const key = await createApiKey(page, token, { key_name: 'خادم قديم' });
      const oldHeaders = integratorHeaders(org.organization.client_id, key);

      await page.goto('/org-dashboard?section=keys');
      await page.getByRole('button', { name: 'تعديل المفتاح خادم قديم' }).click();
      const edit = page.getByRole('dialog', { name: 'تعديل المفتاح «خادم قديم»' });
      await edit.getByLabel('اسم المفتاح').fill('خادم الإنتاج');
      // The expiry is typed day first; the API gets the instant of that time on the
      // organisation's clock (Riyadh, UTC+3), whatever the device's zone.
      await edit.getByLabel('تاريخ الانتهاء (اختياري)').fill('31/12/2099 23:30');
      await saveScreenshot(page, `request-log-${viewport}-expiry`);
      await edit.getByRole('button', { name: 'حفظ التغييرات' }).click();
      await edit.waitFor({ state: 'hidden' });
      const keys = await page.request.get('/api/v1/security/api-keys', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect((await keys.json()).api_keys[0].expires_at).toBe('2099-12-31T20:30:00.000Z');
      await page.getByRole('button', { name: 'تدوير السر للمفتاح خادم الإنتاج' }).click();
      const roll = page.getByRole('dialog', { name: 'تدوير سر المفتاح «خادم الإنتاج»' });
      await roll.getByLabel('مدة بقاء السر القديم صالحاً').selectOption('3600');
      await roll.getByRole('button', { name: 'تدوير السر' }).click();
      const rolled = page.getByText(/tqs_live_\S+/).first();
      await rolled.waitFor();
      const newSecret = (await rolled.textContent())!.trim();
      expect(newSecret).not.toBe(key.api_secret);
      await saveScreenshot(page, `request-log-${viewport}-rolled`);

      // Both secrets work during the grace period; a wrong one is refused.
      const newHeaders = integratorHeaders(org.organization.client_id, {
        ...key,
        api_secret: newSecret,
      });
      const data = { data: { full_name: 'سارة' }, expires_in: 600 };
      for (const headers of [oldHeaders, newHeaders]) {
        expect((await page.request.post('/v1/tokens/generate', { headers, data })).status()).toBe(
          201,
        );
      }
      const wrong = integratorHeaders(org.organization.client_id, {
        ...key,
        api_secret: `${newSecret.slice(0, -4)}AAAA`,
      });
      expect(
        (await page.request.post('/v1/tokens/generate', { headers: wrong, data })).status(),
      ).toBe(401);

      // The log is written in batches off the request path: wait until it holds the three calls.
      await expect
        .poll(
          async () => {
            const answer = await page.request.get('/api/v1/security/requests', {
              headers: { Authorization: `Bearer ${token}` },
            });
            return ((await answer.json()) as { requests: unknown[] }).requests.length;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(3);

      await page.goto('/org-dashboard?section=verification');
      await page.getByRole('tab', { name: 'سجل الطلبات' }).click();
      const table = page.getByRole('region', { name: 'جدول سجل الطلبات' });
      await table.getByText('مرفوض').first().waitFor();
      expect(await table.getByText('مقبول').count()).toBe(2);
      // The key column is left out on a phone (the drawer names the key).
      if (viewport === 'desktop') await table.getByText('خادم الإنتاج').first().waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await saveScreenshot(page, `request-log-${viewport}-list`);

      // The window's start, typed day first, goes to the address (and the API) as an instant.
      await page.getByLabel('من', { exact: true }).fill('01/01/2020 08:00');
      // On the organisation's clock (Riyadh, UTC+3), whatever the device's zone.
      const from = '2020-01-01T05:00:00.000Z';
      await page.waitForURL((url) => url.searchParams.get('from') === from);
      await table.getByText('مرفوض').first().waitFor();
      await saveScreenshot(page, `request-log-${viewport}-from`);

      const refusedRow = table.getByRole('row').filter({ hasText: 'مرفوض' }).first();
      await refusedRow.getByRole('button', { name: /^تفاصيل الطلب في/ }).click();
      const drawer = page.getByRole('dialog', { name: 'تفاصيل الطلب' });
      await drawer.getByText(/رُفض هذا الطلب/).waitFor();
      // The status, then the reason in words.
      await drawer.getByText('401', { exact: true }).waitFor();
      await drawer.getByText(/^401 · /).waitFor();
      await saveScreenshot(page, `request-log-${viewport}-refused`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
