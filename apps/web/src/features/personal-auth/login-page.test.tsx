import type { SignedIn } from '@tanqin/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { renderPage } from '../../test/render-page.tsx';
import { LoginPage } from './login-page.tsx';

/** A sign-in as the server answers it (the shared schema's type keeps it so). */
const signedIn: SignedIn = {
  success: true,
  message: 'Login successful',
  token: 'personal-token',
  access_token: 'personal-token',
  expires_in: 900,
  user: {
    id: '5b0c2a51-58a4-4b0e-9b8f-0a4e1d1f6c02',
    kind: 'individual',
    email: 'a@b.sa',
    first_name: 'سارة',
    last_name: 'العتيبي',
    phone: null,
    created_at: '2025-03-05T10:00:00.000Z',
    confirmed: true,
    two_factor_enabled: false,
    language: 'ar',
  },
  organization: null,
};

async function fillCredentials(email = 'sara@example.sa', password = 'Secret123') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('البريد الإلكتروني'), email);
  await user.type(screen.getByLabelText('كلمة المرور'), password);
  return user;
}

describe('/login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks both fields before any call, then again as the user types', async () => {
    const { fetchMock } = mockApi({});
    renderPage('/login', LoginPage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور مطلوبة')).toBeInTheDocument();
    await user.type(screen.getByLabelText('كلمة المرور'), 'x');
    await waitFor(() => expect(screen.queryByText('كلمة المرور مطلوبة')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the failure with the server message and stores nothing', async () => {
    mockApi({
      'POST /api/v1/auth/login': () =>
        problem(401, 'invalid_credentials', {
          detail: 'Invalid email or password',
          detail_ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
        }),
    });
    renderPage('/login', LoginPage);
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('فشل تسجيل الدخول')).toBeInTheDocument();
    expect(screen.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('signs in with remember me and goes to the same-site redirect a second later', async () => {
    const { bodiesOf } = mockApi({ 'POST /api/v1/auth/login': () => json(200, signedIn) });
    renderPage('/login', LoginPage, '/login?redirect=%2Fdocuments%3Fstatus%3Dpending');
    const user = await fillCredentials();
    await user.click(screen.getByLabelText('تذكرني'));
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('تم تسجيل الدخول بنجاح!')).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/auth/login')[0]).toEqual({
      email: 'sara@example.sa',
      password: 'Secret123',
      remember: true,
    });
    expect(localStorage.getItem('auth_token')).toBe('personal-token');
    expect(screen.queryByText(/landed on/)).toBeNull();
    expect(
      await screen.findByText('landed on /documents?status=pending', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('ignores a redirect to another site', async () => {
    mockApi({ 'POST /api/v1/auth/login': () => json(200, signedIn) });
    renderPage('/login', LoginPage, '/login?redirect=%2F%2Fevil.example%2Fx');
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(
      await screen.findByText('landed on /dashboard', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('asks for the two-step code, refuses a wrong one, accepts a recovery code', async () => {
    const { bodiesOf } = mockApi({
      'POST /api/v1/auth/login': () =>
        json(200, { requires2FA: true, twoFactorToken: 'challenge-1', message: 'code needed' }),
      'POST /api/v1/auth/verify-2fa': ({ body }) => {
        const { code } = body as { code: string };
        if (code === 'abcde-fghij') return json(200, signedIn);
        if (code === '111111') return problem(401, 'two_factor_code_used');
        return problem(401, 'invalid_code', { detail: 'Invalid code' });
      },
    });
    renderPage('/login', LoginPage);
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('التحقق بخطوتين مطلوب')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();

    const code = screen.getByLabelText('رمز التحقق');
    expect(code).toHaveAttribute('dir', 'ltr');
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'تحقق' }));
    expect(await screen.findByText('يجب أن يتكون الرمز من 6 أرقام')).toBeInTheDocument();
    // Typed on an Arabic keyboard: sent as ASCII digits.
    await user.clear(code);
    await user.type(code, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'تحقق' }));
    expect(await screen.findByText('فشل التحقق')).toBeInTheDocument();
    expect(screen.getByText('رمز التحقق غير صحيح')).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/auth/verify-2fa')[0]).toEqual({
      token: 'challenge-1',
      code: '123456',
    });
    // A code already used: wait for the next one, not "incorrect".
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'تحقق' }));
    expect(
      await screen.findByText(
        'استُخدم هذا الرمز من قبل. انتظر الرمز التالي في تطبيق المصادقة ثم أدخله',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /استخدم رمز استرداد/ }));
    await user.type(screen.getByLabelText('رمز الاسترداد'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'تحقق' }));
    expect(await screen.findByText('تم تسجيل الدخول بنجاح!')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('personal-token');
  });

  it('goes back from the code step to the credentials with the email kept', async () => {
    mockApi({
      'POST /api/v1/auth/login': () => json(200, { requires2FA: true, twoFactorToken: 't' }),
    });
    renderPage('/login', LoginPage);
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await user.click(await screen.findByRole('button', { name: /العودة إلى بيانات الدخول/ }));
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('sara@example.sa');
    expect(screen.getByLabelText('كلمة المرور')).toHaveValue('');
  });

  it('sends an unconfirmed account to the confirmation step', async () => {
    mockApi({
      'POST /api/v1/auth/login': () =>
        json(200, {
          ...signedIn,
          token: 'unconfirmed-token',
          user: { ...signedIn.user, confirmed: false },
          requiresConfirmation: true,
        }),
    });
    renderPage('/login', LoginPage);
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByRole('heading', { name: 'تأكيد الحساب' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /إعادة إرسال الرمز/ })).toBeEnabled();
  });

  it('links to forgot password, registration and the organisation platform', () => {
    mockApi({});
    renderPage('/login', LoginPage);
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: /إنشاء حساب شخصي/ })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'دخول الجهات' })).toHaveAttribute('href', '/org-auth');
    expect(screen.getByRole('link', { name: 'تسجيل جهة جديدة' })).toHaveAttribute(
      'href',
      '/org-auth?tab=signup',
    );
  });
});
