import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import {
  lastCodeTo,
  readOutbox,
  registerConfirmedPerson,
  shootBoth,
} from './support/individuals.ts';
import { collectConsoleErrors, horizontalOverflow } from './support/organizations.ts';

describe('/profile-settings', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('saves the profile for real, a new email once its code is entered; they persist after a reload', async () => {
    const page = await app.openPage();
    const errors = collectConsoleErrors(page);
    const { person } = await registerConfirmedPerson(page, app.server.dataDir);
    await page.goto('/profile-settings');

    const nationalId = page.getByLabel('رقم الهوية الوطنية');
    await nationalId.waitFor();
    expect(await nationalId.inputValue()).toMatch(new RegExp(`${person.nationalId.slice(-4)}$`));
    expect(await nationalId.inputValue()).not.toContain(person.nationalId.slice(0, 6));
    expect(await nationalId.getAttribute('readonly')).not.toBeNull();
    await shootBoth(page, 'profile-settings');
    expect(await horizontalOverflow(page)).toBe(0);

    const profile = page.getByRole('region', { name: 'الملف الشخصي' });
    await page.getByLabel('الاسم الأول').fill('نورة');
    await page.getByLabel('اسم العائلة').fill('القحطاني');
    await profile.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await profile.getByText('تم حفظ التغييرات').waitFor();

    const contact = page.getByRole('region', { name: 'معلومات الاتصال' });
    const phone = page.getByLabel('رقم الجوال');
    await phone.fill('06123456789');
    expect(await phone.inputValue()).toHaveLength(10);
    await contact.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await page.getByText('يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام').waitFor();
    await shootBoth(page, 'profile-settings-phone-error');
    // A new email applies only with the code sent to it; the old address is told at once.
    await phone.fill(person.phoneNumber);
    const newEmail = `moved-${person.email}`;
    await contact.getByLabel('البريد الإلكتروني').fill(newEmail);
    await contact.getByRole('button', { name: 'حفظ التغييرات' }).click();
    const waiting = contact.getByRole('region', { name: 'بانتظار تأكيد بريدك الإلكتروني الجديد' });
    await waiting.getByText(newEmail).waitFor();
    expect(await contact.getByLabel('البريد الإلكتروني').inputValue()).toBe(person.email);
    const code = lastCodeTo(app.server.dataDir, newEmail);
    await waiting.getByLabel('رمز التأكيد').fill(code === '000000' ? '111111' : '000000');
    await waiting.getByRole('button', { name: 'تأكيد' }).click();
    await waiting.getByText('رمز التحقق غير صحيح').waitFor();
    await shootBoth(page, 'profile-settings-contact-pending');
    await waiting.getByLabel('رمز التأكيد').fill(code);
    await waiting.getByRole('button', { name: 'تأكيد' }).click();
    await contact.getByText('تم تأكيد بريدك الإلكتروني الجديد واعتماده.').waitFor();
    await expect
      .poll(
        () =>
          readOutbox(app.server.dataDir).filter(
            (line) => line.to === person.email && line.subject?.includes('طلب تغيير بريدك'),
          ).length,
        { timeout: 10_000, interval: 200 },
      )
      .toBe(1);

    const preferences = page.getByRole('region', { name: 'التفضيلات' });
    const smsSwitch = page.getByRole('switch', { name: 'الرسائل النصية' });
    const smsBefore = await smsSwitch.getAttribute('aria-checked');
    await smsSwitch.click();
    await preferences.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await preferences.getByText('تم حفظ التغييرات').waitFor();

    await page.reload();
    await page.getByLabel('الاسم الأول').waitFor();
    expect(await page.getByLabel('الاسم الأول').inputValue()).toBe('نورة');
    expect(await page.getByLabel('اسم العائلة').inputValue()).toBe('القحطاني');
    expect(await page.getByLabel('رقم الجوال').inputValue()).toBe(person.phoneNumber);
    expect(await contact.getByLabel('البريد الإلكتروني').inputValue()).toBe(newEmail);
    expect(await smsSwitch.getAttribute('aria-checked')).toBe(
      smsBefore === 'true' ? 'false' : 'true',
    );

    // A wrong current password is said under its field.
    await page.getByLabel('كلمة المرور الحالية').fill('Wrong1234');
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('NewSecret1');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('NewSecret1');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await page.getByText('كلمة المرور الحالية غير صحيحة').waitFor();
    await page.getByLabel('كلمة المرور الحالية').fill(person.password);
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await page.getByText('تم تغيير كلمة المرور').waitFor();

    // The header's language switch is the profile's language: switched here, it is saved.
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/v1/profile/language'));
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    expect((await saved).status()).toBe(200);
    const english = page.getByRole('region', { name: 'Preferences' });
    await expect.poll(() => english.getByLabel('English').isChecked()).toBe(true);
    await english.getByRole('switch', { name: 'Text messages' }).click();
    await english.getByRole('button', { name: 'Save changes' }).click();
    await english.getByText('Changes saved').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Preferences' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // The public pages' header saves it too while the person is signed in.
    await page.goto('/');
    await page
      .getByRole('heading', { name: 'Share a temporary code, not your personal data' })
      .waitFor();
    const savedHere = page.waitForResponse((res) => res.url().endsWith('/api/v1/profile/language'));
    await page.getByRole('banner').getByRole('button', { name: 'عربي' }).click();
    expect((await savedHere).status()).toBe(200);
    await page.getByRole('heading', { name: 'شارك رمزاً مؤقتاً، لا بياناتك الشخصية' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.goto('/profile-settings');
    const arabic = page.getByRole('region', { name: 'التفضيلات' });
    await expect.poll(() => arabic.getByLabel('العربية').isChecked()).toBe(true);

    expect(errors.filter((line) => !/status of 400/.test(line))).toEqual([]);
  }, 120_000);
});
