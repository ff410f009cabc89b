import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { registerConfirmedPerson, shootBoth } from './support/individuals.ts';
import { collectConsoleErrors, horizontalOverflow } from './support/organizations.ts';

describe('/profile-settings', () => {
  const app = useAppAndBrowser({ startTimeout: 60_000 });

  it('saves the profile and contact details for real: they persist after a reload', async () => {
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
    await phone.fill('0598765432');
    await contact.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await contact.getByText('تم حفظ التغييرات').waitFor();

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
    expect(await page.getByLabel('رقم الجوال').inputValue()).toBe('0598765432');
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

    expect(errors.filter((line) => !/status of 400/.test(line))).toEqual([]);
  }, 120_000);
});
