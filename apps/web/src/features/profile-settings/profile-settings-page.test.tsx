import { problems } from '@tanqin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { setLanguage } from '../../lib/i18n.ts';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { renderPage } from '../../test/render-page.tsx';
import { ProfileSettingsPage } from './profile-settings-page.tsx';

const profile = {
  firstName: 'سارة',
  lastName: 'العتيبي',
  email: 'sara@example.sa',
  phoneNumber: '0512345678',
  nationalIdMasked: '******0008',
  language: 'ar',
  notifications: { email: true, sms: false, app: true },
  twoFactorEnabled: false,
  confirmed: true,
  pendingContact: { email: null, phone: null },
};

const section = (name: string) => screen.getByRole('region', { name });

describe('/profile-settings', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'person');
    // Radix measures a switch inside a form; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('ar');
  });

  it('shows the national id masked and read-only with its note', async () => {
    mockApi({ 'GET /api/v1/profile': () => json(200, profile) });
    renderPage('/profile-settings', ProfileSettingsPage);
    const nationalId = await screen.findByLabelText(/رقم الهوية الوطنية/);
    expect(nationalId).toHaveValue('******0008');
    expect(nationalId).toHaveAttribute('readonly');
    expect(screen.getByText('لا يمكن تغيير رقم الهوية الوطنية بعد التسجيل.')).toBeInTheDocument();
  });

  it('validates names and saves the whole profile with the new ones', async () => {
    const { bodiesOf, headersOf } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PATCH /api/v1/profile': ({ body }) => json(200, { ...profile, ...(body as object) }),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    const first = await screen.findByLabelText('الاسم الأول');
    await user.clear(first);
    await user.type(first, 'ن');
    const card = section('الملف الشخصي');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('الاسم الأول يجب أن يكون حرفين على الأقل')).toBeInTheDocument();
    await user.type(first, 'ورة');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await within(card).findByText('تم حفظ التغييرات')).toBeInTheDocument();
    expect(bodiesOf('PATCH /api/v1/profile')).toEqual([
      {
        firstName: 'نورة',
        lastName: 'العتيبي',
        email: 'sara@example.sa',
        phoneNumber: '0512345678',
        language: 'ar',
        notifications: { email: true, sms: false, app: true },
      },
    ]);
    expect(headersOf('PATCH /api/v1/profile')[0]?.Authorization).toBe('Bearer person');
  });

  it('says a save made offline was not saved because there is no connection', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { callsTo } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PATCH /api/v1/profile': ({ body }) => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(200, { ...profile, ...(body as object) });
      },
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    const first = await screen.findByLabelText('الاسم الأول');
    // The browser announces it is offline (React Query listens to this too).
    window.dispatchEvent(new Event('offline'));
    await user.type(first, 'ة');
    const card = section('الملف الشخصي');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(
      await within(card).findByText(
        'تعذر حفظ التغييرات: أنت غير متصل بالإنترنت. أعد المحاولة بعد عودة الاتصال',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'حفظ التغييرات' })).toBeEnabled();
    expect(callsTo('PATCH /api/v1/profile')).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await within(card).findByText('تم حفظ التغييرات')).toBeInTheDocument();
    expect(within(card).queryByText(/غير متصل بالإنترنت/)).toBeNull();
  });

  it("holds the phone to the spec's rule and shows the server's field errors", async () => {
    mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PATCH /api/v1/profile': () =>
        problem(400, 'validation_failed', {
          errors: [{ path: 'email', code: 'emailInvalid', message: 'Invalid email address' }],
        }),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('رقم الجوال');
    expect(phone).toHaveAttribute('maxlength', '10');
    expect(phone).toHaveAttribute('dir', 'ltr');
    await user.clear(phone);
    await user.type(phone, '0612345678');
    const card = section('معلومات الاتصال');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(
      await screen.findByText('يجب أن يبدأ رقم الهاتف بـ 05 ويتكون من 10 أرقام'),
    ).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '0598765432');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await within(card).findByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
  });

  it('keeps a new email pending: where the code went, the code field, errors, then confirmed', async () => {
    const pending = { address: 'new@example.sa', expiresAt: '2026-11-26T12:10:00Z' };
    let current: object = profile;
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, current),
      'PATCH /api/v1/profile': () => {
        current = { ...profile, pendingContact: { email: pending, phone: null } };
        return json(200, current);
      },
      'POST /api/v1/profile/contact/confirm': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? json(200, { ...profile, email: 'new@example.sa' })
          : problem(400, 'invalid_code'),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await screen.findByLabelText('رقم الجوال');
    const card = section('معلومات الاتصال');
    const email = within(card).getByLabelText('البريد الإلكتروني');
    await user.clear(email);
    await user.type(email, 'new@example.sa');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));

    const waiting = await within(card).findByRole('region', {
      name: 'بانتظار تأكيد بريدك الإلكتروني الجديد',
    });
    expect(waiting).toHaveTextContent('أرسلنا رمزاً من 6 أرقام إلى new@example.sa');
    // The field shows the address in use until the code comes back.
    expect(email).toHaveValue('sara@example.sa');
    expect(within(card).queryByText('تم حفظ التغييرات')).not.toBeInTheDocument();

    const code = within(waiting).getByLabelText('رمز التأكيد');
    await user.click(within(waiting).getByRole('button', { name: 'تأكيد' }));
    expect(await within(waiting).findByText('يجب أن يتكون الرمز من 6 أرقام')).toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(within(waiting).getByRole('button', { name: 'تأكيد' }));
    expect(await within(waiting).findByText('رمز التحقق غير صحيح')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '١٢٣٤٥٦');
    await user.click(within(waiting).getByRole('button', { name: 'تأكيد' }));
    expect(
      await within(card).findByText('تم تأكيد بريدك الإلكتروني الجديد واعتماده.'),
    ).toBeInTheDocument();
    expect(email).toHaveValue('new@example.sa');
    expect(within(card).queryByRole('region')).not.toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/profile/contact/confirm')).toEqual([
      { channel: 'email', code: '111111' },
      { channel: 'email', code: '123456' },
    ]);
  });

  it('saves notification toggles', async () => {
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PATCH /api/v1/profile': ({ body }) => json(200, { ...profile, ...(body as object) }),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'الرسائل النصية' }));
    const card = section('التفضيلات');
    await user.click(within(card).getByRole('button', { name: 'حفظ التغييرات' }));
    await within(card).findByText('تم حفظ التغييرات');
    expect(bodiesOf('PATCH /api/v1/profile')[0].notifications).toEqual({
      email: true,
      sms: true,
      app: true,
    });
  });

  it('changes the password only with the right current one', async () => {
    mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'POST /api/v1/profile/password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'Secret123'
          ? json(200, { success: true })
          : problem(400, 'current_password_invalid'),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('كلمة المرور الحالية مطلوبة')).toBeInTheDocument();
    await user.type(screen.getByLabelText('كلمة المرور الحالية'), 'Wrong1234');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'NewSecret1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('كلمة المرور الحالية غير صحيحة')).toBeInTheDocument();
  });

  it('turns two-step on: QR as an image, the secret, one code, then the recovery codes once', async () => {
    let enabled = false;
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, { ...profile, twoFactorEnabled: enabled }),
      'POST /api/v1/profile/2fa/setup': () =>
        json(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Tanqin:sara?secret=JBSWY3DPEHPK3PXP',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
        }),
      'POST /api/v1/profile/2fa/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return problem(400, 'invalid_code');
        enabled = true;
        return json(200, { recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
      },
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /التحقق بخطوتين/ }));
    const dialog = await screen.findByRole('dialog', { name: 'تفعيل التحقق بخطوتين' });
    const qr = await within(dialog).findByRole('img', { name: /رمز QR/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toHaveAttribute('dir', 'ltr');

    await user.type(within(dialog).getByLabelText('الرمز من التطبيق'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'تفعيل' }));
    expect(await within(dialog).findByText('رمز التحقق غير صحيح')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('الرمز من التطبيق'));
    await user.type(within(dialog).getByLabelText('الرمز من التطبيق'), '١٢٣٤٥٦');
    await user.click(within(dialog).getByRole('button', { name: 'تفعيل' }));

    const codes = await screen.findByRole('alertdialog', { name: 'رموز الاسترداد' });
    expect(within(codes).getByText('aaaaa-bbbbb')).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/profile/2fa/enable').at(-1)).toEqual({ code: '123456' });
    await user.click(within(codes).getByRole('button', { name: 'حفظت الرموز' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('مفعّل')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /التحقق بخطوتين/ })).toBeChecked();
  });

  it('turns two-step off with the password and a code', async () => {
    let enabled = true;
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, { ...profile, twoFactorEnabled: enabled }),
      'POST /api/v1/profile/2fa/disable': () => {
        enabled = false;
        return json(200, { success: true });
      },
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /التحقق بخطوتين/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'إيقاف التحقق بخطوتين' });
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف التحقق بخطوتين' }));
    expect(await within(dialog).findByText('كلمة المرور مطلوبة')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('كلمة المرور'), 'Secret123');
    await user.type(within(dialog).getByLabelText('رمز التحقق أو رمز الاسترداد'), '۶۵۴۳۲۱');
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف التحقق بخطوتين' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesOf('POST /api/v1/profile/2fa/disable')).toEqual([
      { password: 'Secret123', code: '654321' },
    ]);
    expect(await screen.findByText('غير مفعّل')).toBeInTheDocument();
  });

  it('saves the header switch as the profile language; saving the alerts keeps it', async () => {
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PUT /api/v1/profile/language': ({ body }) => json(200, { ...profile, ...(body as object) }),
      'PATCH /api/v1/profile': ({ body }) => json(200, { ...profile, ...(body as object) }),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'التفضيلات' });
    await user.click(screen.getByTestId('language-switch'));

    const preferences = await screen.findByRole('region', { name: 'Preferences' });
    expect(bodiesOf('PUT /api/v1/profile/language')).toEqual([{ language: 'en' }]);
    await waitFor(() => expect(within(preferences).getByLabelText('English')).toBeChecked());
    await user.click(within(preferences).getByRole('switch', { name: 'Text messages' }));
    await user.click(within(preferences).getByRole('button', { name: 'Save changes' }));
    await within(preferences).findByText('Changes saved');
    expect(bodiesOf('PATCH /api/v1/profile').at(-1)).toMatchObject({
      language: 'en',
      notifications: { email: true, sms: true, app: true },
    });
    expect(i18n.language).toBe('en');
  });

  it('says when the header switch could not save the language, and still switches', async () => {
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PUT /api/v1/profile/language': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'التفضيلات' });
    await user.click(screen.getByTestId('language-switch'));
    expect(
      await screen.findByText(
        /^The interface language changed, but it was not saved to your profile: /,
      ),
    ).toBeInTheDocument();
    expect(bodiesOf('PUT /api/v1/profile/language')).toEqual([{ language: 'en' }]);
    expect(i18n.language).toBe('en');
  });

  it('switches quietly when the session is a registration not confirmed yet', async () => {
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PUT /api/v1/profile/language': () =>
        json(403, {
          type: 'https://tanqin.sa/problems/account-unconfirmed',
          title: 'Forbidden',
          status: 403,
          code: 'account_unconfirmed',
        }),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'التفضيلات' });
    await user.click(screen.getByTestId('language-switch'));
    await screen.findByRole('region', { name: 'Preferences' });
    expect(bodiesOf('PUT /api/v1/profile/language')).toEqual([{ language: 'en' }]);
    // (A toast of an earlier test may still be up: this one would name the confirmation.)
    expect(screen.queryByText(/not saved to your profile: Confirm/)).not.toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('never switches the interface when the alerts are saved; a language chosen here does', async () => {
    // English chosen on a public page (not saved); the profile still says Arabic.
    await setLanguage('en');
    const { bodiesOf } = mockApi({
      'GET /api/v1/profile': () => json(200, profile),
      'PATCH /api/v1/profile': ({ body }) => json(200, { ...profile, ...(body as object) }),
    });
    renderPage('/profile-settings', ProfileSettingsPage);
    const user = userEvent.setup();
    const preferences = await screen.findByRole('region', { name: 'Preferences' });
    expect(within(preferences).getByLabelText('العربية')).toBeChecked();
    await user.click(within(preferences).getByRole('switch', { name: 'Text messages' }));
    await user.click(within(preferences).getByRole('button', { name: 'Save changes' }));
    await within(preferences).findByText('Changes saved');
    expect(bodiesOf('PATCH /api/v1/profile').at(-1)).toMatchObject({ language: 'ar' });
    expect(i18n.language).toBe('en');

    await user.click(within(preferences).getByLabelText('English'));
    await user.click(within(preferences).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodiesOf('PATCH /api/v1/profile')).toHaveLength(2));
    expect(bodiesOf('PATCH /api/v1/profile').at(-1)).toMatchObject({ language: 'en' });
    await user.click(within(preferences).getByLabelText('العربية'));
    await user.click(within(preferences).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(i18n.language).toBe('ar'));
    expect(await screen.findByRole('region', { name: 'التفضيلات' })).toBeInTheDocument();
  });

  it('offers a retry when the profile cannot load', async () => {
    mockApi({ 'GET /api/v1/profile': () => problem(500, 'internal_error') });
    renderPage('/profile-settings', ProfileSettingsPage);
    expect(await screen.findByText(problems.internal_error.ar)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
