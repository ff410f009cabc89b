import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { problems } from '@tanqin/shared';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { openPage, saveScreenshot, type viewports } from './support/browser.ts';
import {
  collectConsoleErrors,
  createApiKey,
  horizontalOverflow,
  integratorHeaders,
  signIn,
  signUpOrganization,
} from './support/organizations.ts';

const PASSWORD = 'Tanqin-Join-2025';
const person = {
  full_name: 'عبدالله سعد المطيري',
  national_id: '1098765432',
  birth_date: '1988-02-14',
};

/** The /join link of the newest invitation mailed to `to`, read from the local outbox. */
async function invitationLink(dataDir: string, to: string) {
  const file = path.join(dataDir, 'outbox.jsonl');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const lines = await readFile(file, 'utf8').catch(() => '');
    const entry = lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .findLast((message) => message.to === to);
    const link = entry?.text.match(/https?:\/\/\S+\/join#token=\S+/)?.[0];
    if (link) {
      // The mail names the public address; the test server listens elsewhere.
      const url = new URL(link);
      return `${url.pathname}${url.hash}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No invitation mailed to ${to}`);
}

async function openMembers(page: Page) {
  await page.goto('/org-dashboard?section=settings&tab=members');
  await page.getByRole('region', { name: 'أعضاء الجهة' }).waitFor();
}

async function invite(page: Page, email: string, role: string) {
  await page.getByRole('button', { name: 'دعوة عضو' }).click();
  const dialog = page.getByRole('dialog', { name: 'دعوة عضو جديد' });
  await dialog.getByLabel('البريد الإلكتروني').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(role) }).check();
  await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `أُرسلت الدعوة إلى ${email}` })
    .waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens the link in a fresh context, sets a password, and lands on the dashboard. */
async function join(
  browser: Browser,
  baseUrl: string,
  link: string,
  [firstName, lastName]: [string, string],
  viewport: keyof typeof viewports,
) {
  const page = await openPage(browser, baseUrl, viewport);
  const errors = collectConsoleErrors(page);
  await page.goto(link);
  await page.getByRole('heading', { name: 'انضم إلى بنك الرياض الرقمي' }).waitFor();
  // The token leaves the address bar as soon as the page has read it.
  expect(new URL(page.url()).hash).toBe('');
  await page.getByLabel('الاسم الأول').fill(firstName);
  await page.getByLabel('اسم العائلة').fill(lastName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور').fill('Tanqin-Join-2024');
  await page.getByRole('button', { name: 'قبول الدعوة والانضمام' }).click();
  await page.getByText('كلمات المرور غير متطابقة').waitFor();
  await page.getByLabel('تأكيد كلمة المرور').fill(PASSWORD);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreenshot(page, `join-${viewport}-form`);
  await page.getByRole('button', { name: 'قبول الدعوة والانضمام' }).click();
  await page.waitForURL(/\/org-dashboard$/);
  await page.getByRole('heading', { level: 1, name: 'بنك الرياض الرقمي' }).waitFor();
  return { page, errors };
}

const menuItems = async (page: Page) =>
  page.getByRole('navigation', { name: 'أقسام لوحة التحكم' }).getByRole('link').allTextContents();

describe('members and roles', () => {
  const app = useAppAndBrowser();

  it('invites a verifier and a viewer who join by the emailed link; each sees what the role allows', async () => {
    const owner = await app.openPage('desktop');
    const ownerErrors = collectConsoleErrors(owner);
    const bank = await signUpOrganization(owner, 'members-bank', 'بنك الرياض الرقمي', {
      adminName: ['ريم', 'الشهري'],
    });
    await signIn(owner, bank.admin);
    await openMembers(owner);

    const verifierEmail = 'verifier@members-bank.example.sa';
    const viewerEmail = 'viewer@members-bank.example.sa';
    await invite(owner, verifierEmail, 'مُحقِّق');
    await invite(owner, viewerEmail, 'مشاهد');
    const pending = owner.getByRole('list', { name: 'الدعوات المعلّقة' });
    await pending.getByText(verifierEmail).waitFor();
    await pending.getByText(viewerEmail).waitFor();
    await owner.getByRole('status').filter({ hasText: 'أُرسلت الدعوة' }).first().waitFor({
      state: 'detached',
    });
    await saveScreenshot(owner, 'members-desktop-invitations');

    // A second invitation to a pending address is refused under the email field.
    await owner.getByRole('button', { name: 'دعوة عضو' }).click();
    const dialog = owner.getByRole('dialog', { name: 'دعوة عضو جديد' });
    await dialog.getByLabel('البريد الإلكتروني').fill(viewerEmail);
    await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await dialog.getByText(problems.invitation_pending.ar).waitFor();
    await saveScreenshot(owner, 'members-desktop-invite-pending');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();

    // The verifier joins on a computer, the viewer on a phone.
    const verifierLink = await invitationLink(app.server.dataDir, verifierEmail);
    const verifier = await join(
      app.browser,
      app.server.baseUrl,
      verifierLink,
      ['فهد', 'القحطاني'],
      'desktop',
    );
    expect(await menuItems(verifier.page)).toEqual(['لوحة التحكم', 'المحفظة', 'البيانات المشفرة']);

    const viewer = await join(
      app.browser,
      app.server.baseUrl,
      await invitationLink(app.server.dataDir, viewerEmail),
      ['نورة', 'العتيبي'],
      'mobile',
    );
    await viewer.page.getByRole('button', { name: 'فتح القائمة' }).click();
    expect(await menuItems(viewer.page)).toEqual([
      'لوحة التحكم',
      'المحفظة',
      'البيانات المشفرة',
      'التحقق والأمان',
    ]);
    expect(await horizontalOverflow(viewer.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(viewer.page, 'members-mobile-viewer-menu');
    // A link to a hidden item shows the dashboard; the API refuses the secret too.
    await viewer.page.goto('/org-dashboard?section=settings');
    await viewer.page.getByRole('heading', { level: 2, name: 'لوحة التحكم' }).waitFor();
    await viewer.page.getByText(/يظهر سر العميل لمالكي الجهة ومسؤوليها فقط/).waitFor();

    const viewerDesktop = await app.openPage('desktop');
    await signIn(viewerDesktop, { email: viewerEmail, password: PASSWORD });
    await viewerDesktop.goto('/org-dashboard');
    await viewerDesktop.getByRole('link', { name: 'التحقق والأمان' }).waitFor();
    expect(await menuItems(viewerDesktop)).not.toContain('إدارة المفاتيح');
    expect(await menuItems(viewerDesktop)).not.toContain('الإعدادات');
    await saveScreenshot(viewerDesktop, 'members-desktop-viewer-menu');
    await viewerDesktop.context().close();

    // A used link, and a made-up one, explain themselves and lead to sign in.
    for (const viewport of ['desktop', 'mobile'] as const) {
      const visitor = await app.openPage(viewport);
      await visitor.goto(verifierLink);
      await visitor
        .getByRole('heading', { name: 'رابط الدعوة غير صالح أو منتهي الصلاحية' })
        .waitFor();
      await visitor.getByRole('link', { name: 'تسجيل الدخول إلى منصة الجهات' }).waitFor();
      expect(await horizontalOverflow(visitor)).toBeLessThanOrEqual(0);
      await saveScreenshot(visitor, `join-${viewport}-invalid`);
      await visitor.context().close();
    }

    // The verifier decrypts a code another organisation issued to the bank.
    const issuerPage = await app.openPage('desktop');
    const issuer = await signUpOrganization(issuerPage, 'members-issuer', 'شركة الشحن السريع', {
      adminName: ['سلمان', 'العنزي'],
    });
    const issuerToken = await signIn(issuerPage, issuer.admin);
    const key = await createApiKey(issuerPage, issuerToken, { key_name: 'Members e2e key' });
    const generated = await issuerPage.request.post('/v1/tokens/generate', {
      headers: integratorHeaders(issuer.organization.client_id, key),
      data: { data: person, expires_in: 600, audience: bank.organization.client_id },
    });
    expect(generated.status()).toBe(201);
    const { token: code, token_id: tokenId } = (await generated.json()) as {
      token: string;
      token_id: string;
    };

    const staff = verifier.page;
    await staff.getByRole('link', { name: 'البيانات المشفرة' }).click();
    await staff.getByRole('heading', { level: 2, name: 'البيانات المشفرة' }).waitFor();
    await staff.getByLabel('رمز الهوية المؤقت').fill(code);
    await staff.getByRole('button', { name: 'فك التشفير' }).click();
    await staff.getByRole('heading', { name: 'البيانات بعد فك التشفير' }).waitFor();
    await staff.getByText(person.full_name).waitFor();
    await staff.getByText(person.national_id).waitFor();
    await saveScreenshot(staff, 'members-desktop-verifier-decrypted');
    await staff.getByRole('button', { name: 'مسح البيانات من الشاشة' }).click();
    await staff.getByLabel('رمز الهوية المؤقت').fill(code);
    await staff.getByRole('button', { name: 'فك التشفير' }).click();
    await staff.getByText(/هذا الرمز استُخدم من قبل/).waitFor();

    await issuerPage.goto('/org-dashboard?section=data');
    await issuerPage.getByRole('heading', { level: 2, name: 'البيانات المشفرة' }).waitFor();
    await issuerPage.getByRole('tab', { name: 'الرموز الصادرة' }).click();
    const issued = issuerPage
      .getByRole('region', { name: 'قائمة الرموز' })
      .getByRole('row')
      .filter({ hasText: tokenId });
    await issued.getByText('مستخدم', { exact: true }).waitFor();
    // The bank that used it is the code's audience, named once in its column.
    await issued.getByText('بنك الرياض الرقمي', { exact: true }).waitFor();
    expect(await issued.getByText(/بواسطة/).count()).toBe(0);
    await issuerPage.context().close();

    // The owner changes the viewer's role and removes the verifier; the last owner stays.
    await openMembers(owner);
    const table = owner.getByRole('region', { name: 'أعضاء الجهة' });
    await table.getByText(verifierEmail).waitFor();
    await saveScreenshot(owner, 'members-desktop-members');
    await owner.getByRole('combobox', { name: 'دور نورة العتيبي' }).selectOption('developer');
    await owner.getByText('تم تغيير دور نورة العتيبي إلى مطوّر').waitFor();

    await owner
      .getByRole('button', { name: `إزالة فهد القحطاني (${verifierEmail}) من الجهة` })
      .click();
    const confirm = owner.getByRole('alertdialog', { name: 'إزالة فهد القحطاني؟' });
    await saveScreenshot(owner, 'members-desktop-remove-dialog');
    await confirm.getByRole('button', { name: 'نعم، أزل العضو' }).click();
    await owner.getByText('تمت إزالة فهد القحطاني من الجهة').waitFor();
    await table.getByText(verifierEmail).waitFor({ state: 'detached' });

    // The only owner's role is closed, with the reason beside it (the API refuses it: last_owner).
    const ownRole = owner.getByRole('combobox', { name: 'دور ريم الشهري' });
    expect(await ownRole.isDisabled()).toBe(true);
    expect(await ownRole.inputValue()).toBe('owner');
    await owner.getByText(/المالك الوحيد للجهة/).waitFor();
    await saveScreenshot(owner, 'members-desktop-last-owner');

    // The new developer's menu now has the keys item.
    await viewer.page.goto('/org-dashboard');
    await viewer.page.getByRole('button', { name: 'فتح القائمة' }).click();
    await viewer.page.getByRole('link', { name: 'إدارة المفاتيح' }).waitFor();

    const known = /status of (403|409|410)/;
    expect(ownerErrors.filter((error) => !known.test(error))).toEqual([]);
    expect(verifier.errors.filter((error) => !known.test(error))).toEqual([]);
    expect(viewer.errors.filter((error) => !known.test(error))).toEqual([]);
    await Promise.all([owner, verifier.page, viewer.page].map((page) => page.context().close()));
  }, 240_000); // three browsers, two email links and three sign-ins: the longest journey
});
