import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  collectConsoleErrors,
  createApiKey,
  horizontalOverflow,
  integratorHeaders,
  openDashboardSection,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

const person = {
  full_name: 'عبدالله سعد المطيري',
  national_id: '1098765432',
  birth_date: '1988-02-14',
};

describe('codes screen', () => {
  const app = useAppAndBrowser();

  it.each(['desktop', 'mobile'] as const)(
    'decrypts a code addressed to the organisation once, then lists it as received (%s)',
    async (viewport) => {
      const page = await app.openPage(viewport);
      const errors = collectConsoleErrors(page);
      const issuer = await signUpOrganization(page, `issuer-${viewport}`, 'شركة الشحن السريع', {
        adminName: ['ريم', 'الشهري'],
      });
      const issuerToken = await signIn(page, issuer.admin);
      const headers = integratorHeaders(
        issuer.organization.client_id,
        await createApiKey(page, issuerToken, { key_name: 'Codes e2e key' }),
      );
      const bank = await signUpOrganization(page, `bank-${viewport}`, 'بنك الرياض الرقمي', {
        adminName: ['ريم', 'الشهري'],
      });

      const generated = await page.request.post('/v1/tokens/generate', {
        headers,
        data: { data: person, expires_in: 600, audience: bank.organization.client_id },
      });
      expect(generated.status()).toBe(201);
      const { token: code, token_id: tokenId } = (await generated.json()) as {
        token: string;
        token_id: string;
      };

      await signIn(page, bank.admin);
      await openDashboardSection(page, viewport, 'البيانات المشفرة', 'data');
      const input = page.getByLabel('رمز الهوية المؤقت');
      expect(await input.getAttribute('dir')).toBe('ltr');

      // A typo in the check character is caught before any request.
      const typo = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
      await input.fill(typo.toLowerCase());
      await page.getByText(/حرف التحقق في آخره لا يطابق/).waitFor();

      // Lowercase, without dashes: formatted as typed.
      await input.fill('');
      await input.pressSequentially(code.replaceAll('-', '').toLowerCase());
      expect(await input.inputValue()).toBe(code);
      await page.getByRole('button', { name: 'فك التشفير' }).click();
      await page.getByRole('heading', { name: 'البيانات بعد فك التشفير' }).waitFor();
      await page.getByText(person.full_name).waitFor();
      await page.getByText(person.national_id).waitFor();
      await page.getByText('لن تظهر مرة أخرى', { exact: false }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `codes-${viewport}-decrypted`);

      await page.getByRole('button', { name: 'مسح البيانات من الشاشة' }).click();
      expect(await page.getByText(person.full_name).count()).toBe(0);

      await input.fill(code);
      await page.getByRole('button', { name: 'فك التشفير' }).click();
      await page.getByText(/هذا الرمز استُخدم من قبل/).waitFor();

      const list = page.getByRole('region', { name: 'قائمة الرموز' });
      const row = list.getByRole('row').filter({ hasText: tokenId });
      await row.waitFor();
      await row.getByText('مستخدم', { exact: true }).waitFor();
      await row.getByText('شركة الشحن السريع').waitFor();
      await row.getByText('بواسطة بنك الرياض الرقمي').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `codes-${viewport}-used`);

      // Its history names the member who decrypted it; the receipt shows the code's end only.
      await row.getByRole('button', { name: `سجل الرمز ${tokenId}` }).click();
      const drawer = page.getByRole('dialog', { name: 'سجل الرمز' });
      await drawer.getByText('محاولة مرفوضة').waitFor();
      // Decrypted, then a refused second attempt: both by the same member.
      expect(await drawer.getByText('بواسطة ريم الشهري').count()).toBe(2);
      await drawer.getByRole('button', { name: 'إيصال التحقق' }).click();
      const receipt = page.getByRole('dialog', { name: 'إيصال التحقق' });
      await receipt
        .getByText(`•${code.slice(-5, -2)}-${code.slice(-1)}`, { exact: false })
        .waitFor();
      await receipt.getByText('ريم الشهري').waitFor();
      expect(await receipt.getByText(person.full_name).count()).toBe(0);
      await saveScreenshot(page, `codes-${viewport}-receipt`);
      await page.emulateMedia({ media: 'print' });
      await saveScreenshot(page, `codes-${viewport}-receipt-print`);
      await page.emulateMedia({ media: 'screen' });
      expect(errors.filter((error) => !/status of 410/.test(error))).toEqual([]);
      await page.context().close();
    },
  );
});
