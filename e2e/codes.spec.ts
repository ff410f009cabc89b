import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { launchBrowser, openPage, saveScreenshot, type viewports } from './support/browser.ts';
import {
  collectConsoleErrors,
  horizontalOverflow,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

/** The issuer's /v1 headers: an API key created through the dashboard API. */
async function integratorHeaders(page: Page, token: string, clientId: string) {
  const response = await page.request.post('/api/v1/security/api-keys', {
    headers: { Authorization: `Bearer ${token}` },
    data: { key_name: 'Codes e2e key' },
  });
  expect(response.status()).toBe(201);
  const key = (await response.json()) as { api_key: string; api_secret: string };
  return {
    'X-Client-Id': clientId,
    Authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`,
  };
}

async function openCodes(page: Page, viewport: keyof typeof viewports) {
  await page.goto('/org-dashboard');
  if (viewport === 'mobile') await page.getByRole('button', { name: 'فتح القائمة' }).click();
  await page.getByRole('link', { name: 'البيانات المشفرة' }).click();
  await page.waitForURL(/\?section=data$/);
  await page.getByRole('heading', { level: 2, name: 'البيانات المشفرة' }).waitFor();
}

const person = {
  full_name: 'عبدالله سعد المطيري',
  national_id: '1098765432',
  birth_date: '1988-02-14',
};

describe('codes screen', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(['desktop', 'mobile'] as const)(
    'decrypts a code addressed to the organisation once, then lists it as received (%s)',
    async (viewport) => {
      const page = await openPage(browser, server.baseUrl, viewport);
      const errors = collectConsoleErrors(page);
      const issuer = await signUpOrganization(page, `issuer-${viewport}`, 'شركة الشحن السريع', {
        adminName: ['ريم', 'الشهري'],
      });
      const issuerToken = await signIn(page, issuer.admin);
      const headers = await integratorHeaders(page, issuerToken, issuer.organization.client_id);
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
      await openCodes(page, viewport);
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
      expect(errors.filter((error) => !/status of 410/.test(error))).toEqual([]);
      await page.context().close();
    },
  );
});
