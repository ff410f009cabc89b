import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../../test/mock-api.tsx';
import { renderPage } from '../../test/render-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

describe('/forgot-password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers every request with the same neutral message', async () => {
    const { bodiesOf } = mockApi({
      'POST /api/v1/auth/forgot-password': () => json(202, { success: true }),
    });
    renderPage('/forgot-password', ForgotPasswordPage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'إرسال الرابط' }));
    expect(await screen.findByText('البريد الإلكتروني مطلوب')).toBeInTheDocument();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'nobody@example.sa');
    await user.click(screen.getByRole('button', { name: 'إرسال الرابط' }));
    expect(await screen.findByText(/إذا كان هذا البريد مسجلاً لدينا/)).toBeInTheDocument();
    expect(bodiesOf('POST /api/v1/auth/forgot-password')).toEqual([{ email: 'nobody@example.sa' }]);
  });

  it('reads the token from the link, removes it from the address and sets the new password', async () => {
    const { bodiesOf } = mockApi({
      'POST /api/v1/auth/reset-password/check': () => json(200, { valid: true }),
      'POST /api/v1/auth/reset-password': () => json(200, { success: true }),
    });
    const { router } = renderPage(
      '/forgot-password',
      ForgotPasswordPage,
      '/forgot-password#token=reset-abc',
    );
    expect(
      await screen.findByRole('heading', { name: 'تعيين كلمة مرور جديدة' }),
    ).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText('يجب أن تحتوي على حرف كبير على الأقل')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('كلمة المرور الجديدة'));
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'NewSecret1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText(/تم تغيير كلمة المرور بنجاح/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(bodiesOf('POST /api/v1/auth/reset-password/check')).toEqual([{ token: 'reset-abc' }]);
    expect(bodiesOf('POST /api/v1/auth/reset-password')).toEqual([
      { token: 'reset-abc', password: 'NewSecret1', confirmPassword: 'NewSecret1' },
    ]);
  });

  it('says a dead link is dead as soon as the page opens, and offers a new one', async () => {
    mockApi({ 'POST /api/v1/auth/reset-password/check': () => json(200, { valid: false }) });
    renderPage('/forgot-password', ForgotPasswordPage, '/forgot-password#token=expired');
    expect(
      await screen.findByRole('heading', { name: 'هذا الرابط لم يعد يعمل' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/رابط إعادة التعيين غير صالح/)).toBeInTheDocument();
    expect(screen.queryByLabelText('كلمة المرور الجديدة')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'اطلب رابطاً جديداً' }));
    expect(screen.getByRole('heading', { name: 'نسيت كلمة المرور' })).toBeInTheDocument();
  });

  it('takes a link the server refuses to read (garbage) for a dead one', async () => {
    mockApi({
      'POST /api/v1/auth/reset-password/check': () => problem(400, 'validation_failed'),
    });
    renderPage('/forgot-password', ForgotPasswordPage, '/forgot-password#token=garbage');
    expect(
      await screen.findByRole('heading', { name: 'هذا الرابط لم يعد يعمل' }),
    ).toBeInTheDocument();
  });

  it('shows the form when the check cannot be made, and says so if the link was used meanwhile', async () => {
    mockApi({
      'POST /api/v1/auth/reset-password/check': () => problem(503, 'overloaded'),
      'POST /api/v1/auth/reset-password': () => problem(400, 'reset_token_invalid'),
    });
    renderPage('/forgot-password', ForgotPasswordPage, '/forgot-password#token=used');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'NewSecret1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText(/رابط إعادة التعيين غير صالح/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'اطلب رابطاً جديداً' }));
    expect(screen.getByRole('heading', { name: 'نسيت كلمة المرور' })).toBeInTheDocument();
  });
});
