import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codeToQrSvg } from '@tanqin/sdk';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import {
  collectForeignRequests,
  launchBrowser,
  openPage,
  saveScreenshot,
} from './support/browser.ts';
import { fakeCameraArgs, lumaOfSvg, writeY4m } from './support/fake-camera.ts';
import { shootBoth } from './support/individuals.ts';
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
      // Each name once: the issuer; the bank that used it is this organisation, not repeated.
      await row.getByText('شركة الشحن السريع').waitFor();
      expect(await row.getByText(/بواسطة/).count()).toBe(0);
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

  it('double lock: a key pair made in the settings, a sealed code opened only with its private key file', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    // Everything the browser sends, to show the private key never leaves it.
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
    const issuer = await signUpOrganization(page, 'lock-issuer', 'شركة الشحن السريع');
    const headers = integratorHeaders(
      issuer.organization.client_id,
      await createApiKey(page, await signIn(page, issuer.admin), { key_name: 'Double lock e2e' }),
    );
    const bank = await signUpOrganization(page, 'lock-bank', 'بنك الرياض الرقمي');
    const bankToken = await signIn(page, bank.admin);
    const issueCode = async () => {
      const generated = await page.request.post('/v1/tokens/generate', {
        headers,
        data: { data: person, expires_in: 600, audience: bank.organization.client_id },
      });
      expect(generated.status()).toBe(201);
      return ((await generated.json()) as { token: string }).token;
    };

    await page.goto('/org-dashboard?section=settings&tab=encryption');
    await page.getByText(/لا يوجد مفتاح مسجّل/).waitFor();
    await shootBoth(page, 'double-lock-settings-empty-ar');
    await page.getByRole('button', { name: 'إنشاء زوج مفاتيح' }).click();
    const dialog = page.getByRole('dialog', { name: 'زوج مفاتيح جديد' });
    const register = dialog.getByRole('button', { name: 'تسجيل المفتاح العام' });
    expect(await register.isDisabled()).toBe(true);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'تنزيل ملف المفتاح الخاص' }).click();
    const keyFile = (await (await download).path())!;
    const privateKey = readFileSync(keyFile, 'utf8');
    await dialog.getByText(/نُزّل الملف tanqin-private-key-[0-9a-f]{8}\.pem/).waitFor();
    await shootBoth(page, 'double-lock-generate-dialog-ar');
    await register.click();
    await page.getByText(/سُجّل المفتاح: تُقفل به الرموز الجديدة/).waitFor();
    // The key registered is the public half of the file the browser handed over.
    const publicKey = createPublicKey(createPrivateKey(privateKey))
      .export({ type: 'spki', format: 'der' })
      .subarray(-32)
      .toString('base64url');
    const state = await page.request.get('/api/v1/organization/encryption-key', {
      headers: { Authorization: `Bearer ${bankToken}` },
    });
    expect(((await state.json()) as { public_key: string }).public_key).toBe(publicKey);
    await page.getByText(publicKey).waitFor();
    await shootBoth(page, 'double-lock-settings-key-ar');

    // The key file is asked for and checked before the code is sent: no code is used without it.
    const codeField = page.getByLabel(/^(رمز الهوية المؤقت|Temporary identity code)$/);
    const openDataScreen = async (code: string) => {
      await page.goto('/org-dashboard?section=data');
      await codeField.fill(code);
    };
    // The decrypt form ("Ask for data" above it has a key file chooser of its own).
    const decryptForm = page.locator('form').filter({ has: codeField });
    const lockedCode = await issueCode();
    await openDataScreen(lockedCode);
    await page.getByRole('button', { name: 'فك التشفير' }).click();
    await page
      .getByRole('alert')
      .getByText(/اختر ملف المفتاح الخاص أولاً/)
      .waitFor();
    await shootBoth(page, 'double-lock-key-file-ar');
    const strangerFile = path.join(app.server.dataDir, 'stranger.pem');
    writeFileSync(
      strangerFile,
      generateKeyPairSync('x25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    await decryptForm.getByLabel('ملف المفتاح الخاص').setInputFiles(strangerFile);
    await page
      .getByRole('alert')
      .getByText(/هذا الملف ليس مفتاح جهتك المسجّل/)
      .waitFor();
    await shootBoth(page, 'double-lock-key-file-wrong-ar');
    await decryptForm.getByLabel('ملف المفتاح الخاص').setInputFiles(keyFile);
    await decryptForm.getByText('ملف المفتاح يطابق المفتاح المسجّل لجهتك:').waitFor();
    await shootBoth(page, 'double-lock-key-file-matches-ar');
    await page.getByRole('button', { name: 'فك التشفير' }).click();
    await page.getByRole('heading', { name: 'البيانات بعد فك التشفير' }).waitFor();
    await page.getByText(person.national_id).waitFor();

    // A code sealed while the key was registered, used after it was removed: its sealed answer
    // stays in the page until the file that opens it is chosen.
    const sealedEarlier = await issueCode();
    await page.goto('/org-dashboard?section=settings&tab=encryption');
    await page.getByRole('button', { name: 'إزالة المفتاح' }).click();
    const remove = page.getByRole('alertdialog', { name: 'إزالة مفتاح التشفير؟' });
    await shootBoth(page, 'double-lock-remove-dialog-ar');
    await remove.getByRole('button', { name: 'نعم، أزل المفتاح' }).click();
    await page.getByText(/أُزيل المفتاح/).waitFor();

    // In English, the same key pasted back.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByText(/No key is registered/).waitFor();
    await shootBoth(page, 'double-lock-settings-empty-en');
    await page.getByLabel('Public key (base64url)').fill(publicKey);
    await page.getByRole('button', { name: 'Register the key' }).click();
    await page.getByText(publicKey).waitFor();
    await shootBoth(page, 'double-lock-settings-key-en');
    await page.getByRole('button', { name: 'Remove the key' }).click();
    const removeEn = page.getByRole('alertdialog', { name: 'Remove the encryption key?' });
    await removeEn.waitFor();
    await shootBoth(page, 'double-lock-remove-dialog-en');
    await removeEn.getByRole('button', { name: 'Cancel' }).click();
    await openDataScreen(await issueCode());
    await decryptForm.getByLabel('Private key file').setInputFiles(keyFile);
    await decryptForm
      .getByText("The key file matches your organisation's registered key:")
      .waitFor();
    await shootBoth(page, 'double-lock-key-file-en');
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByText(person.full_name).waitFor();
    await page.getByRole('button', { name: 'Clear the data from the screen' }).click();

    // The key removed, the code sealed before is used at once and comes back sealed.
    await page.goto('/org-dashboard?section=settings&tab=encryption');
    await page.getByRole('button', { name: 'Remove the key' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove the encryption key?' })
      .getByRole('button', { name: /^Yes/ })
      .click();
    await page.getByText(/No key is registered/).waitFor();
    await openDataScreen(sealedEarlier);
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByRole('heading', { name: 'The data is double locked' }).waitFor();
    await page.getByText(/If you close or reload the page before that, the data is lost/).waitFor();
    await shootBoth(page, 'double-lock-sealed-kept-en');
    await page.getByLabel('Private key file').setInputFiles(keyFile);
    await page.getByText(person.full_name).waitFor();

    const keyBody = privateKey.split('\n')[1]!;
    expect(sent.filter((line) => line.includes(keyBody))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("scans the code's QR with the camera, and the verifier decrypts it as if typed", async () => {
    const page = await app.openPage();
    const issuer = await signUpOrganization(page, 'issuer-camera', 'شركة الشحن السريع');
    const headers = integratorHeaders(
      issuer.organization.client_id,
      await createApiKey(page, await signIn(page, issuer.admin), { key_name: 'Camera key' }),
    );
    const bank = await signUpOrganization(page, 'bank-camera', 'بنك الرياض الرقمي');
    const generated = await page.request.post('/v1/tokens/generate', {
      headers,
      data: { data: person, expires_in: 600, audience: bank.organization.client_id },
    });
    const { token: code } = (await generated.json()) as { token: string };

    // The camera films the QR the SDK draws for this code, on a white page.
    const folder = mkdtempSync(path.join(tmpdir(), 'tanqin-camera-'));
    const video = path.join(folder, 'qr.y4m');
    writeY4m(video, await lumaOfSvg(page, await codeToQrSvg(code)));
    await page.context().close();
    const cameraBrowser = await launchBrowser({ extraArgs: fakeCameraArgs(video) });
    try {
      const counter = await openPage(cameraBrowser, app.server.baseUrl);
      const errors = collectConsoleErrors(counter);
      const foreign = collectForeignRequests(counter, app.server.baseUrl);
      // Every camera stream the page opens, to see it stopped.
      await counter.addInitScript(() => {
        const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        const streams: MediaStream[] = [];
        Object.assign(window, { cameraStreams: streams });
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await open(constraints);
          streams.push(stream);
          return stream;
        };
      });
      await signIn(counter, bank.admin);
      await openDashboardSection(counter, 'desktop', 'البيانات المشفرة', 'data');
      const input = counter.getByLabel('رمز الهوية المؤقت');
      await counter.getByRole('button', { name: 'المسح بالكاميرا' }).click();
      await counter.getByRole('dialog', { name: 'مسح رمز QR بالكاميرا' }).waitFor();

      // The first frame with the code fills the field, the dialog closes, the camera stops.
      await counter.getByText('قُرئ الرمز من الكاميرا وكُتب في الحقل').waitFor();
      expect(await input.inputValue()).toBe(code);
      expect(await counter.getByRole('dialog').count()).toBe(0);
      const tracks = await counter.evaluate(() =>
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
          stream.getTracks().map((track) => track.readyState),
        ),
      );
      expect(tracks).toEqual(['ended']);
      await saveScreenshot(counter, 'codes-desktop-scanned');

      // The verifier confirms, as after typing.
      await counter.getByRole('button', { name: 'فك التشفير' }).click();
      await counter.getByRole('heading', { name: 'البيانات بعد فك التشفير' }).waitFor();
      await counter.getByText(person.full_name).waitFor();
      await counter.getByText(person.national_id).waitFor();
      // The wasm decoder came from this server: no request left it.
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await cameraBrowser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
