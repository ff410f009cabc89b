import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Tanqin } from '@tanqin/sdk';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { registerConfirmedPerson, shootBoth } from './support/individuals.ts';
import {
  collectConsoleErrors,
  createApiKey,
  openDashboardSection,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

describe('a verification request, asked on the console and answered from another app (issue 33)', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('asks, the issuer answers through the SDK with the number on screen, the data appears, the history names the purpose', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const { person } = await registerConfirmedPerson(page, app.server.dataDir);
    const bank = await signUpOrganization(page, 'vrq-bank', 'مصرف الطلبات');
    const issuer = await signUpOrganization(page, 'vrq-issuer', 'هيئة الإصدار', {
      type: 'government',
    });
    const login = await page.request.post('/api/v1/auth/login', { data: issuer.admin });
    const { token: issuerToken } = (await login.json()) as { token: string };
    const key = await createApiKey(page, issuerToken, { key_name: 'Issuer app' });
    const saved = await page.request.patch(`/api/v1/organizations/${issuer.organization.id}`, {
      headers: { Authorization: `Bearer ${issuerToken}` },
      data: { app_link: 'https://issuer.example.sa/answer?request={request_id}' },
    });
    expect(saved.status()).toBe(200);

    // The counter asks for data on the console's data screen.
    await signIn(page, bank.admin);
    await openDashboardSection(page, 'desktop', 'البيانات المشفرة', 'data');
    await page.getByLabel('السبب').fill('فتح حساب');
    await page.getByRole('button', { name: 'اطلب البيانات' }).click();
    const matchNumber = (await page.getByTestId('match-number').textContent())?.trim() ?? '';
    expect(matchNumber).toMatch(/^[1-9]\d$/);
    await page.getByRole('img', { name: 'رمز QR لصفحة الطلب' }).waitFor();
    const link = (await page.locator('a[href*="/r/vrq_"]').getAttribute('href')) ?? '';
    const requestId = link.split('/r/')[1]!;
    await page.getByRole('heading', { name: 'الطلبات المفتوحة' }).waitFor();
    await shootBoth(page, 'verification-request-asked-ar');

    // What the person sees when they scan the QR: who asks, what, why, and the app to answer.
    const phone = await app.openPage('mobile');
    await phone.goto(`/r/${requestId}`);
    await phone.getByText('مصرف الطلبات').waitFor();
    await phone.getByText('فتح حساب').waitFor();
    const answerLink = phone.getByRole('link', { name: 'هيئة الإصدار' });
    expect(await answerLink.getAttribute('href')).toBe(
      `https://issuer.example.sa/answer?request=${requestId}`,
    );
    await shootBoth(phone, 'verification-request-public-ar');

    // The issuer's app: three numbers offered, the person picks the one on the counter's screen.
    const tanqin = new Tanqin({
      clientId: issuer.organization.client_id,
      apiKey: key.api_key,
      apiSecret: key.api_secret,
      baseUrl: app.server.baseUrl,
    });
    const seen = await tanqin.verificationRequests.get(requestId);
    if (seen.viewer !== 'issuer') throw new Error('the issuer should read the issuer view');
    expect(seen.match_choices).toContain(matchNumber);
    await tanqin.tokens.generate({
      data: { full_name: 'سارة العتيبي', national_id: person.nationalId },
      subject: { national_id: person.nationalId },
      request_id: requestId,
      match_number: matchNumber,
    });

    // The console shows the data by itself: nobody typed a code.
    await page.getByText('سارة العتيبي').waitFor({ timeout: 15_000 });
    await page.getByText(person.nationalId).waitFor();

    // The person's history names the purpose beside the code.
    await page.goto('/dashboard');
    await page.getByText('لأجل: فتح حساب').waitFor();
    await page.getByText('هيئة الإصدار').first().waitFor();
    expect(errors).toEqual([]);
  });
  it('with the double lock, asks for the key file first and uses the answer only once the file is in the page', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const bank = await signUpOrganization(page, 'vrq-lock-bank', 'مصرف القفل الثاني');
    const issuer = await signUpOrganization(page, 'vrq-lock-issuer', 'هيئة الإصدار الثانية', {
      type: 'government',
    });
    const key = await createApiKey(page, await signIn(page, issuer.admin), {
      key_name: 'Issuer app',
    });
    const bankToken = await signIn(page, bank.admin);
    const pair = generateKeyPairSync('x25519');
    const keyFile = path.join(app.server.dataDir, 'vrq-lock-bank.pem');
    writeFileSync(keyFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const registered = await page.request.put('/api/v1/organization/encryption-key', {
      headers: { Authorization: `Bearer ${bankToken}` },
      data: {
        public_key: pair.publicKey
          .export({ type: 'spki', format: 'der' })
          .subarray(-32)
          .toString('base64url'),
      },
    });
    expect(registered.status()).toBe(200);

    // Asking needs the key file first, checked against the registered key in the browser.
    await openDashboardSection(page, 'desktop', 'البيانات المشفرة', 'data');
    const askForm = page.locator('form').filter({ has: page.getByLabel('السبب') });
    await askForm.getByLabel('السبب').fill('فتح حساب');
    await askForm.getByRole('button', { name: 'اطلب البيانات' }).click();
    await askForm
      .getByRole('alert')
      .getByText('اختر ملف المفتاح الخاص أولاً: لم يُرسل الطلب.')
      .waitFor();
    await shootBoth(page, 'verification-request-key-first-ar');
    await askForm.getByLabel('ملف المفتاح الخاص').setInputFiles(keyFile);
    await askForm.getByText('ملف المفتاح يطابق المفتاح المسجّل لجهتك:').waitFor();
    await askForm.getByRole('button', { name: 'اطلب البيانات' }).click();
    const matchNumber = (await page.getByTestId('match-number').textContent())?.trim() ?? '';
    const link = (await page.locator('a[href*="/r/vrq_"]').getAttribute('href')) ?? '';
    const requestId = link.split('/r/')[1]!;
    await shootBoth(page, 'verification-request-asked-locked-ar');

    // The file leaves the page before the answer comes: the answer's code waits, unused.
    await askForm.getByRole('button', { name: 'إزالة الملف من الصفحة' }).click();
    const tanqin = new Tanqin({
      clientId: issuer.organization.client_id,
      apiKey: key.api_key,
      apiSecret: key.api_secret,
      baseUrl: app.server.baseUrl,
    });
    await tanqin.tokens.generate({
      data: { full_name: 'سارة العتيبي' },
      request_id: requestId,
      match_number: matchNumber,
    });
    await page.getByText(/إن أُغلقت هذه الصفحة قبل ذلك فلا يضيع شيء/).waitFor({ timeout: 15_000 });
    await shootBoth(page, 'verification-request-answer-waits-ar');
    const unused = await page.request.get(`/api/v1/verification-requests/${requestId}`, {
      headers: { Authorization: `Bearer ${bankToken}` },
    });
    expect(((await unused.json()) as { token: string | null }).token).toMatch(/^[0-9A-Z-]+$/);

    // The page closed and opened again (in English): the answer is still there, under the open
    // requests, and opens with the file, in the browser.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByRole('button', { name: 'Open the data' }).click();
    await page.getByText(/If this page closes before that, nothing is lost/).waitFor();
    await shootBoth(page, 'verification-request-answer-waits-en');
    const answer = page
      .locator('div.rounded-2xl')
      .filter({ has: page.getByRole('heading', { name: 'The answer has arrived' }) });
    await answer.getByLabel('Private key file').setInputFiles(keyFile);
    await page.getByText('سارة العتيبي').waitFor();
    await shootBoth(page, 'verification-request-opened-en');
    expect(errors).toEqual([]);
  });
});
